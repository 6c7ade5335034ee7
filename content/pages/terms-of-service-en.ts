// The English terms of service (see terms-of-service.ts).
import { company } from "#shared/company.ts";
import { localizePath } from "#shared/site/paths.ts";
import type { LegalDocument } from "#content/types.ts";

const address = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;

export const termsOfServiceEn: LegalDocument = {
  meta: {
    title: `Terms of Service – ${company.brand}`,
    description: `The terms that apply when you use the website of ${company.legalName}.`,
  },
  heading: "Terms of Service",
  intro: `These terms set out the rules for using the website of ${company.legalName}; please read them carefully.`,
  lastUpdated: "April 9, 2025",
  sections: [
    {
      heading: "1. Scope",
      blocks: [
        {
          type: "p",
          text:
            `These terms apply to the use of this website, which is operated by ${company.legalName}, ` +
            `${address} (“we” or “us”). They apply to every visitor, whether or not you contact us.`,
        },
        {
          type: "p",
          text:
            "Our consulting, development and AI services are not governed by these terms but by the " +
            "individual contracts we conclude with our clients (see section 5). Terms and conditions of " +
            "users that differ from these terms do not apply.",
        },
      ],
    },
    {
      heading: "2. Our services and offers",
      blocks: [
        {
          type: "p",
          text:
            "On this website we present our company and our services in artificial intelligence and digital " +
            "consulting. Descriptions of services, projects, examples and figures are general information. " +
            "They are not a binding offer but an invitation to get in touch with us.",
        },
        {
          type: "p",
          text:
            "A project is only agreed through a separate contract, which sets out the scope of services, " +
            "deadlines and remuneration. The content of this website does not replace individual advice for " +
            "your particular situation.",
        },
      ],
    },
    {
      heading: "3. Use of the website",
      blocks: [
        { type: "p", text: "You may use this website only in compliance with the law. In particular, you must not:" },
        {
          type: "ul",
          items: [
            "attempt to gain unauthorised access to the website, its servers or its internal area;",
            "attack, disrupt or overload the website, for example with " +
              "malware or an unusually large number of requests;",
            "retrieve content automatically (scraping, crawling) in a way that places a " +
              "burden on the website or circumvents technical protection measures;",
            "misuse the contact form, in particular to send advertising, spam or unlawful content.",
          ],
        },
        {
          type: "p",
          text:
            "Ordinary indexing by search engines is not affected. If there are " +
            "indications of misuse, we may restrict or block access to the website.",
        },
      ],
    },
    {
      heading: "4. Intellectual property",
      blocks: [
        {
          type: "p",
          text:
            "The texts, images, illustrations, graphics, logos and the design of this website are protected " +
            "by copyright and other intellectual property rights. Unless stated otherwise, the rights belong " +
            "to us.",
        },
        {
          type: "p",
          text:
            "You may view the content and make copies for your own private use, for example by printing a " +
            "page. Any further use, in particular reproduction, distribution, making available to the public " +
            "or editing, requires our prior consent in writing, unless the law permits it (for example as a " +
            "quotation). Third-party content, such as the icons from Lucide, is subject to the licences of " +
            "its authors; names and logos of third parties belong to their respective owners.",
        },
      ],
    },
    {
      heading: "5. Client projects and separate agreements",
      blocks: [
        {
          type: "p",
          text:
            "For consulting, development, AI and other projects, only the contract concluded with the client " +
            "and the documents it refers to apply. If such a contract conflicts with these terms, the " +
            "contract prevails.",
        },
        {
          type: "p",
          text:
            "Statements on this website about service levels, such as an availability of 99.99%, response " +
            "times or other performance figures, describe what we can offer in suitable projects. They only " +
            "become binding if they are expressly agreed in writing in a contract.",
        },
      ],
    },
    {
      heading: "6. Liability",
      blocks: [
        {
          type: "p",
          text:
            "We are liable without limitation for damage caused intentionally or through gross " +
            "negligence, and for damage resulting from injury to life, body or health.",
        },
        {
          type: "p",
          text:
            "In cases of slight negligence, we are only liable if we breach an essential obligation, that " +
            "is, an obligation whose fulfilment makes the proper use possible in the first place and on " +
            "whose fulfilment you may regularly rely. In this case our liability is limited to the " +
            "foreseeable damage that is typical for this kind of use. Otherwise, we are not liable for " +
            "slight negligence.",
        },
        {
          type: "p",
          text:
            "These limitations also apply in favour of our legal representatives, employees and vicarious " +
            "agents. Liability under the German Product Liability Act (Produkthaftungsgesetz) remains " +
            "unaffected.",
        },
      ],
    },
    {
      heading: "7. Availability of the website",
      blocks: [
        {
          type: "p",
          text:
            "We work to keep this website available at all times, but we cannot guarantee that it will be " +
            "available without interruption or free of errors. Maintenance, security updates, technical " +
            "faults or events beyond our control may temporarily restrict access.",
        },
        {
          type: "p",
          text:
            "We may change, extend or discontinue the website or parts of it at any time. Availability " +
            "commitments for systems we build or operate for clients are governed solely by the separate " +
            "agreements described in section 5.",
        },
      ],
    },
    {
      heading: "8. Privacy",
      blocks: [
        {
          type: "p",
          text: [
            "How we process personal data when you use this website, for " +
              "example when you send us a message, is explained in our ",
            { text: "privacy policy", href: localizePath("en", "/privacy-policy") },
            ".",
          ],
        },
      ],
    },
    {
      heading: "9. Changes to these terms",
      blocks: [
        {
          type: "p",
          text:
            "We may amend these terms, for example when the law or our website changes. We announce any " +
            "material change on this page at least 30 days before it takes effect. The version published on " +
            "this page at the time you use the website applies; the date of the last update is shown above.",
        },
      ],
    },
    {
      heading: "10. Governing law and place of jurisdiction",
      blocks: [
        {
          type: "p",
          text:
            "These terms are governed by the law of the Federal Republic of Germany, excluding the UN " +
            "Convention on Contracts for the International Sale of Goods (CISG). If you are a consumer, this " +
            "choice of law does not deprive you of the protection of the mandatory provisions of the law of " +
            "the country in which you have your habitual residence.",
        },
        {
          type: "p",
          text:
            `If you are a merchant (Kaufmann), a legal entity under public law or a special fund under ` +
            `public law, the place of jurisdiction for all disputes arising from or in connection with these ` +
            `terms is ${company.address.city}.`,
        },
        {
          type: "p",
          text:
            "Should any provision of these terms be or become invalid, the validity of the remaining " +
            "provisions is not affected. The invalid provision is replaced by the statutory provisions.",
        },
      ],
    },
  ],
};
