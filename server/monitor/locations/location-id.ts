// What a location's id may be: read by the configuration and by the probe's
// command line (which loads nothing of the configuration's schema).
export const LOCATION_ID = /^[a-z][a-z0-9-]{0,31}$/;
