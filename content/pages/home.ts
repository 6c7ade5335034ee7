import { company } from "#shared/company.ts";
import type { HomeContent, Localized } from "#content/types.ts";

const aiHost = new URL(company.subdomains.aiServices).host;
const projectsHost = new URL(company.subdomains.projects).host;

export const home: Localized<HomeContent> = {
  en: {
    meta: {
      title: company.brand + " – AI and Digital Consulting from Munich",
      description:
        "AI systems, LLM solutions and digital consulting from Munich: GDPR-compliant, hosted " +
        "in Germany and built for daily use in small and mid-sized companies.",
    },
    hero: {
      eyebrow: "AI & digital consulting from Munich",
      title: "Artificial intelligence that works in your business, not just in a demo",
      text:
        "We help companies turn AI and language models into reliable tools: from the first " +
        "assessment to a GDPR-compliant system running on infrastructure in Germany.",
      primaryCta: "Get started",
      secondaryCta: "About us",
    },
    founder: {
      heading: "A word from our founder",
      paragraphs: [
        company.managingDirector +
          " has spent more than 25 years building software and working with data: as a developer, as an " +
          "architect of data platforms and as the person called in when a system had to scale without losing " +
          "its footing.",
        "He founded " +
          company.brand +
          " because he saw the same gap again and again: companies wanted to use AI, but the options on " +
          "offer were either impressive prototypes that never reached production or cloud services that left " +
          "open where their data ended up.",
        "Today he and his team build AI solutions the way he has always built software: with clean data, " +
          "transparent architecture and operations that keep running when nobody is watching. Every project " +
          "starts with a real business problem, not with a technology.",
      ],
      linkedinLabel: "Connect with " + company.managingDirector + " on LinkedIn",
      discordLabel: "Join our community on Discord",
    },
    servicesTeaser: {
      heading: "What we offer",
      intro: "Two sites, one goal: practical AI that delivers measurable value.",
      cards: [
        {
          title: "AI services",
          description:
            "Architecture, hosting and operation of language models and data pipelines, with " +
            "GDPR-compliant infrastructure in Germany and a 99.99% uptime SLA.",
          linkLabel: "Visit " + aiHost,
        },
        {
          title: "Projects",
          description:
            "See what we build: our own applications, from a text summariser to " +
            "playground finders for Germany and the whole world.",
          linkLabel: "Visit " + projectsHost,
        },
      ],
    },
    testimonials: {
      heading: "What our clients say",
      items: [
        {
          quote:
            "The new data pipeline deduplicates and checks our incoming records automatically. Our " +
            "data accuracy improved by 95%, and the team finally trusts the reports again.",
          author: "Katharina Vogel",
          position: "Head of Data, logistics company",
        },
        {
          quote:
            "We wanted an internal assistant for our documentation without sending anything to US servers. " +
            "The system has been running on German infrastructure for a year now, stable and fast.",
          author: "Daniel Okafor",
          position: "CTO, software company for the healthcare sector",
        },
        {
          quote:
            "Instead of a glossy strategy paper we got a clear plan, a working prototype " +
            "after four weeks and honest advice about what AI cannot do for us yet.",
          author: "Sophie Brandt",
          position: "Managing Director, industrial manufacturer",
        },
      ],
    },
    cta: {
      heading: "Let's talk about your project",
      text:
        "Tell us where you stand and what you want to achieve. In a free initial conversation we " +
        "will show you where AI can help and what a realistic first step looks like.",
      button: "Contact us",
    },
  },
  de: {
    meta: {
      title: company.brand + " – KI und Digitalberatung aus München",
      description:
        "KI-Systeme, LLM-Lösungen und Digitalberatung aus München: DSGVO-konform, in " +
        "Deutschland gehostet und gebaut für den Alltag im Mittelstand.",
    },
    hero: {
      eyebrow: "KI & Digitalberatung aus München",
      title: "Künstliche Intelligenz, die in Ihrem Unternehmen arbeitet – nicht nur in der Demo",
      text:
        "Wir helfen Unternehmen, KI und Sprachmodelle zu verlässlichen Werkzeugen zu machen: von der " +
        "ersten Bestandsaufnahme bis zum DSGVO-konformen System auf Infrastruktur in Deutschland.",
      primaryCta: "Jetzt starten",
      secondaryCta: "Über uns",
    },
    founder: {
      heading: "Ein Wort von unserem Gründer",
      paragraphs: [
        company.managingDirector +
          " entwickelt seit mehr als 25 Jahren Software und arbeitet mit Daten: als Entwickler, als " +
          "Architekt von Datenplattformen und als derjenige, den man ruft, wenn ein System wachsen muss, " +
          "ohne den Halt zu verlieren.",
        "Er hat " +
          company.brand +
          " gegründet, weil er immer wieder dieselbe Lücke sah: Unternehmen wollten KI einsetzen, doch die " +
          "Angebote waren entweder beeindruckende Prototypen, die nie in den Betrieb kamen, oder " +
          "Cloud-Dienste, bei denen offenblieb, wo die Daten landen.",
        "Heute baut er mit seinem Team KI-Lösungen so, wie er Software schon immer gebaut hat: mit sauberen " +
          "Daten, nachvollziehbarer Architektur und einem Betrieb, der auch dann läuft, wenn niemand hinsieht. " +
          "Jedes Projekt beginnt mit einem echten geschäftlichen Problem, nicht mit einer Technologie.",
      ],
      linkedinLabel: "Mit " + company.managingDirector + " auf LinkedIn vernetzen",
      discordLabel: "Unserer Community auf Discord beitreten",
    },
    servicesTeaser: {
      heading: "Unser Angebot",
      intro: "Zwei Websites, ein Ziel: praktische KI mit messbarem Nutzen.",
      cards: [
        {
          title: "KI-Services",
          description:
            "Architektur, Hosting und Betrieb von Sprachmodellen und Datenpipelines – auf " +
            "DSGVO-konformer Infrastruktur in Deutschland und mit 99,99 % Verfügbarkeits-SLA.",
          linkLabel: aiHost + " besuchen",
        },
        {
          title: "Projekte",
          description:
            "Sehen Sie, was wir bauen: unsere eigenen Anwendungen, vom " +
            "Textzusammenfasser bis zur Spielplatzsuche für Deutschland und die ganze " +
            "Welt.",
          linkLabel: projectsHost + " besuchen",
        },
      ],
    },
    testimonials: {
      heading: "Das sagen unsere Kunden",
      items: [
        {
          quote:
            "Die neue Datenpipeline bereinigt und prüft unsere eingehenden Datensätze automatisch. Unsere " +
            "Datengenauigkeit hat sich um 95 % verbessert, und das Team vertraut den Auswertungen endlich " +
            "wieder.",
          author: "Katharina Vogel",
          position: "Leiterin Daten, Logistikunternehmen",
        },
        {
          quote:
            "Wir wollten einen internen Assistenten für unsere Dokumentation, ohne Daten auf US-Server zu " +
            "schicken. Das System läuft seit einem Jahr auf deutscher Infrastruktur – stabil und schnell.",
          author: "Daniel Okafor",
          position: "CTO, Softwareunternehmen im Gesundheitswesen",
        },
        {
          quote:
            "Statt eines Hochglanz-Strategiepapiers bekamen wir einen klaren Plan, nach vier Wochen einen " +
            "funktionierenden Prototyp und ehrliche Auskunft darüber, was KI für uns noch nicht leisten kann.",
          author: "Sophie Brandt",
          position: "Geschäftsführerin, Industriehersteller",
        },
      ],
    },
    cta: {
      heading: "Sprechen wir über Ihr Vorhaben",
      text:
        "Erzählen Sie uns, wo Sie stehen und was Sie erreichen möchten. In einem kostenlosen Erstgespräch " +
        "zeigen wir Ihnen, wo KI helfen kann und wie ein realistischer erster Schritt aussieht.",
      button: "Kontakt aufnehmen",
    },
  },
};
