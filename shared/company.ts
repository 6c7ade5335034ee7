// The company behind the site. Every name, address and link that identifies
// it lives here and nowhere else: changing the company is a one-file edit.
// The defaults are placeholders and say so.

export const company = {
  brand: "Muster Digital",
  legalName: "Muster Digital GmbH",
  managingDirector: "Max Mustermann",
  address: {
    street: "Musterstraße 1",
    postalCode: "80331",
    city: "München",
    region: "Bayern",
    country: "DE",
  },
  email: {
    info: "info@example.com",
    alerts: "ops@example.com",
    /** The sender of the site's own mail (contact messages, alerts). */
    noreply: "noreply@example.com",
  },
  phone: "+49 89 0000000",
  register: { court: "Amtsgericht München", number: "HRB 000000" },
  vatId: "DE000000000",
  /** Appended to a staff username to form its e-mail address. */
  staffEmailDomain: "example.com",
  social: {
    x: "https://x.com/example",
    linkedin: "https://www.linkedin.com/company/example",
    discord: "https://discord.gg/example",
    /** The founder's profile on the professional network. */
    founderLinkedin: "https://www.linkedin.com/in/example",
  },
  /** The two sites of the home page's services teaser. */
  subdomains: {
    aiServices: "https://ai.example.com",
    projects: "https://projects.example.com",
  },
  /** The office on the contact page's map. */
  map: { latitude: 48.1374, longitude: 11.5755, zoom: 16 },
} as const;

export type Company = typeof company;
