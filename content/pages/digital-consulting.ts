import { company } from "#shared/company.ts";
import type { DigitalConsultingContent, Localized } from "#content/types.ts";

export const digitalConsulting: Localized<DigitalConsultingContent> = {
  en: {
    meta: {
      title: "Digital Consulting – " + company.brand,
      description:
        "Digital consulting for AI projects: LLM architecture, GDPR compliance, auto-scaling " +
        "infrastructure with 99.99% uptime SLAs and hands-on advice for startups.",
    },
    hero: {
      title: "Digital Consulting",
      subtitle:
        "Independent advice and hands-on implementation for companies that want " +
        "to use AI productively, securely and in line with the GDPR.",
    },
    capabilities: {
      heading: "Our areas of expertise",
      items: [
        {
          icon: "brain",
          title: "AI/LLM Architecture",
          description:
            "Sound architecture for language model applications, from model selection " +
            "and retrieval to integration into your existing systems.",
        },
        {
          icon: "shield",
          title: "GDPR Compliance",
          description:
            "AI solutions that meet European data protection law from the " +
            "start, with hosting in Germany and documented data flows.",
        },
        {
          icon: "server",
          title: "Auto-Scale Infrastructure",
          description:
            "Cloud and GPU infrastructure that adapts to your load automatically and is backed by 99.99% uptime SLAs.",
        },
        {
          icon: "rocket",
          title: "Startup Consulting",
          description:
            "Technical guidance for founders: from the first prototype to a product that can grow with its users.",
        },
      ],
    },
    services: {
      heading: "Our services in detail",
      items: [
        {
          title: "AI strategy and architecture",
          description:
            "We start with your business goals and work out which AI " +
            "applications pay off and how they fit into your IT landscape.",
          bullets: [
            "Workshops to identify and prioritise use cases",
            "Comparison of models, providers and hosting options",
            "Target architecture with interfaces to your existing systems",
            "Roadmap with milestones, budget and measurable goals",
          ],
        },
        {
          title: "Data protection and compliance",
          description:
            "We make sure your AI projects can withstand scrutiny by data " +
            "protection officers, works councils and auditors.",
          bullets: [
            "Assessment of data flows and legal bases under the GDPR",
            "Support with data protection impact assessments",
            "Preparation for the requirements of the EU AI Act",
            "Technical and organisational measures documented for audits",
          ],
        },
        {
          title: "Infrastructure and operations",
          description:
            "We plan, build and run the infrastructure your AI applications " +
            "need, with the availability your business expects.",
          bullets: [
            "Private cloud and GPU clusters in German data centres",
            "Automatic scaling under changing load",
            "99.99% uptime SLAs with redundant architecture",
            "Monitoring, backups and incident response around the clock",
          ],
        },
        {
          title: "Consulting for startups",
          description:
            "We help founding teams make the right technical decisions early, before they become expensive to change.",
          bullets: [
            "Review of product ideas for technical feasibility",
            "Rapid prototyping with production-ready foundations",
            "Selection of a technology stack that can scale",
            "Technical support for investor talks and due diligence",
          ],
        },
      ],
    },
    cta: {
      heading: "Ready for the next step?",
      text:
        "Tell us about your plans. In a free initial consultation we will " +
        "assess where you stand and how we can support you.",
      button: "Schedule a Consultation",
    },
  },
  de: {
    meta: {
      title: "Digitalberatung – " + company.brand,
      description:
        "Digitalberatung für KI-Projekte: LLM-Architektur, DSGVO-Konformität, skalierende " +
        "Infrastruktur mit 99,99 % Verfügbarkeits-SLA und Beratung für Start-ups.",
    },
    hero: {
      title: "Digitalberatung",
      subtitle:
        "Unabhängige Beratung und praktische Umsetzung für Unternehmen, die KI " +
        "produktiv, sicher und DSGVO-konform einsetzen möchten.",
    },
    capabilities: {
      heading: "Unsere Schwerpunkte",
      items: [
        {
          icon: "brain",
          title: "KI-/LLM-Architektur",
          description:
            "Durchdachte Architektur für Anwendungen mit Sprachmodellen – von der " +
            "Modellauswahl über Retrieval bis zur Anbindung an Ihre bestehenden Systeme.",
        },
        {
          icon: "shield",
          title: "DSGVO-Konformität",
          description:
            "KI-Lösungen, die das europäische Datenschutzrecht von Anfang an erfüllen – " +
            "mit Hosting in Deutschland und dokumentierten Datenflüssen.",
        },
        {
          icon: "server",
          title: "Automatisch skalierende Infrastruktur",
          description:
            "Cloud- und GPU-Infrastruktur, die sich automatisch an Ihre Last anpasst " +
            "und durch SLAs mit 99,99 % Verfügbarkeit abgesichert ist.",
        },
        {
          icon: "rocket",
          title: "Start-up-Beratung",
          description:
            "Technische Begleitung für Gründerinnen und Gründer: vom ersten " +
            "Prototyp zum Produkt, das mit seinen Nutzern wachsen kann.",
        },
      ],
    },
    services: {
      heading: "Unsere Leistungen im Detail",
      items: [
        {
          title: "KI-Strategie und Architektur",
          description:
            "Wir beginnen bei Ihren Geschäftszielen und erarbeiten, welche KI-Anwendungen " +
            "sich lohnen und wie sie sich in Ihre IT-Landschaft einfügen.",
          bullets: [
            "Workshops zur Identifikation und Priorisierung von Anwendungsfällen",
            "Vergleich von Modellen, Anbietern und Hosting-Optionen",
            "Zielarchitektur mit Schnittstellen zu Ihren bestehenden Systemen",
            "Fahrplan mit Meilensteinen, Budget und messbaren Zielen",
          ],
        },
        {
          title: "Datenschutz und Compliance",
          description:
            "Wir sorgen dafür, dass Ihre KI-Projekte der Prüfung durch " +
            "Datenschutzbeauftragte, Betriebsrat und Auditoren standhalten.",
          bullets: [
            "Bewertung von Datenflüssen und Rechtsgrundlagen nach DSGVO",
            "Unterstützung bei Datenschutz-Folgenabschätzungen",
            "Vorbereitung auf die Anforderungen der EU-KI-Verordnung",
            "Prüffähige Dokumentation technischer und organisatorischer Maßnahmen",
          ],
        },
        {
          title: "Infrastruktur und Betrieb",
          description:
            "Wir planen, errichten und betreiben die Infrastruktur, die Ihre " +
            "KI-Anwendungen brauchen – mit der Verfügbarkeit, die Ihr Geschäft erwartet.",
          bullets: [
            "Private Cloud und GPU-Cluster in deutschen Rechenzentren",
            "Automatische Skalierung bei wechselnder Last",
            "SLAs mit 99,99 % Verfügbarkeit dank redundanter Architektur",
            "Monitoring, Backups und Störungsbehebung rund um die Uhr",
          ],
        },
        {
          title: "Beratung für Start-ups",
          description:
            "Wir helfen Gründungsteams, früh die richtigen technischen " +
            "Entscheidungen zu treffen – bevor Änderungen teuer werden.",
          bullets: [
            "Prüfung von Produktideen auf technische Machbarkeit",
            "Schnelles Prototyping auf produktionsreifer Grundlage",
            "Auswahl eines skalierbaren Technologie-Stacks",
            "Technische Unterstützung bei Investorengesprächen und Due Diligence",
          ],
        },
      ],
    },
    cta: {
      heading: "Bereit für den nächsten Schritt?",
      text:
        "Erzählen Sie uns von Ihren Plänen. In einem kostenlosen Erstgespräch " +
        "ermitteln wir, wo Sie stehen und wie wir Sie unterstützen können.",
      button: "Beratungstermin vereinbaren",
    },
  },
};
