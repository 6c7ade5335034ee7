// The office map: an OpenStreetMap embed around a point.

export const MAP_ORIGIN = "https://www.openstreetmap.org";

export function openStreetMapEmbedUrl({
  latitude,
  longitude,
  zoom,
}: {
  latitude: number;
  longitude: number;
  zoom: number;
}): string {
  // Half the visible span in degrees at this zoom, for a frame about 600 px wide.
  const span = (360 / 2 ** zoom) * 1.2;
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2]
    .map((n) => n.toFixed(5))
    .join(",");
  return `${MAP_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}
