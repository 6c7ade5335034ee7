import { company } from "#shared/company.ts";

/** Structured data for search engines. A data block: never executed, so no CSP hash is needed. */
export function JsonLd({ data }: { data: object }) {
  // "<" is escaped so no value can close the script element.
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.legalName,
    alternateName: company.brand,
    url: siteUrl,
    logo: `${siteUrl}/favicon.svg`,
    email: company.email.info,
    telephone: company.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      postalCode: company.address.postalCode,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      addressCountry: company.address.country,
    },
    sameAs: [company.social.linkedin, company.social.x],
  };
}
