import { company } from "#shared/company.ts";
import type { AiServicesContent, Localized } from "#content/types.ts";

export const aiServices: Localized<AiServicesContent> = {
  en: {
    meta: {
      title: "AI Services – " + company.brand,
      description:
        "LLM architecture, GDPR-compliant AI hosting in Germany, GPU backends, data quality " +
        "pipelines and a 99.99% uptime SLA, from consulting through operation.",
    },
    hero: {
      title: "Enterprise AI & LLM Solutions",
      subtitle:
        "From the first idea to stable operation: language models and data " +
        "pipelines that fit your processes and keep your data in Germany.",
    },
    intro: {
      heading: "AI that fits your company",
      paragraphs: [
        "Large language models can answer customer questions, search internal documents, classify incoming " +
          "data and draft texts. Whether they do so reliably depends less on the model than on the " +
          "architecture around it: clean data, sensible access rights, monitoring and hosting you can justify " +
          "to your data protection officer.",
        "We take care of all of it. We advise you on the right approach, build the solution, host it on our " +
          "own infrastructure in Germany and keep it running, so that your team can concentrate on using it.",
      ],
      button: "Schedule a Consultation",
    },
    capabilities: {
      heading: "Our capabilities",
      items: [
        {
          icon: "brain",
          title: "AI/LLM architecture and consulting",
          description:
            "We design AI systems that suit your use case, your data and your budget, instead of the other way round.",
          points: [
            "Choice between open-source and commercial models",
            "Retrieval-augmented generation on your own documents",
            "Cost and performance estimates before development starts",
          ],
        },
        {
          icon: "shield",
          title: "GDPR-compliant AI hosting",
          description:
            "Your models and data stay in German data centres, with no transfer to " +
            "third countries and a clear data processing agreement.",
          points: [
            "Hosting exclusively in Germany",
            "Data processing agreement under Art. 28 GDPR",
            "Encryption in transit and at rest",
          ],
        },
        {
          icon: "server",
          title: "Auto-scaling private cloud and GPU backend",
          description:
            "Dedicated GPU capacity that grows with demand and scales back down " +
            "when it is quiet, so you only pay for what you use.",
          points: [
            "Automatic scaling based on actual load",
            "Dedicated GPUs for inference and fine-tuning",
            "Isolated environments for each client",
          ],
        },
        {
          icon: "database",
          title: "Data quality pipeline",
          description:
            "Good AI needs good data. Our pipeline cleans, filters and enriches " +
            "incoming content before it reaches your models or reports.",
          points: [
            "Deduplication and spam filtering",
            "Relevance scoring and sentiment analysis",
            "Integration of news and social media APIs",
          ],
        },
        {
          icon: "activity",
          title: "High-availability infrastructure",
          description:
            "Redundant systems and round-the-clock monitoring keep your AI " +
            "applications available when your business depends on them.",
          points: [
            "99.99% uptime SLA",
            "Redundant setup across several locations",
            "24/7 monitoring with automatic alerting",
          ],
        },
        {
          icon: "rocket",
          title: "Startup AI consulting",
          description:
            "For young companies we find the shortest route from idea to a working " +
            "AI product, without over-engineering and without lock-in.",
          points: [
            "Validation of AI-based product ideas",
            "Prototype within a few weeks",
            "Technical due diligence for investors",
          ],
        },
      ],
    },
    process: {
      heading: "How we work",
      intro: "Four clear steps take you from the first conversation to a system that runs in everyday operation.",
      steps: [
        {
          title: "Discovery & Assessment",
          description:
            "We analyse your processes, data sources and existing systems " +
            "and identify where AI brings measurable benefits.",
        },
        {
          title: "Strategy & Solution Design",
          description:
            "We design the architecture, select suitable models and define " +
            "milestones, costs and success criteria together with you.",
        },
        {
          title: "Development & Implementation",
          description:
            "We build the solution in short iterations, integrate it into your " +
            "systems and put it into operation on our infrastructure.",
        },
        {
          title: "Training & Optimization",
          description:
            "We train your team, monitor quality and usage, and keep improving the system based on real results.",
        },
      ],
    },
  },
  de: {
    meta: {
      title: "KI-Services – " + company.brand,
      description:
        "LLM-Architektur, DSGVO-konformes KI-Hosting in Deutschland, GPU-Backends, " +
        "Datenqualitäts-Pipelines und 99,99 % Verfügbarkeit – von Beratung bis Betrieb.",
    },
    hero: {
      title: "KI- & LLM-Lösungen für Unternehmen",
      subtitle:
        "Von der ersten Idee bis zum stabilen Betrieb: Sprachmodelle und Datenpipelines, " +
        "die zu Ihren Prozessen passen und Ihre Daten in Deutschland halten.",
    },
    intro: {
      heading: "KI, die zu Ihrem Unternehmen passt",
      paragraphs: [
        "Große Sprachmodelle können Kundenanfragen beantworten, interne Dokumente durchsuchen, eingehende " +
          "Daten einordnen und Texte entwerfen. Ob sie das zuverlässig tun, hängt weniger vom Modell ab als " +
          "von der Architektur darum herum: saubere Daten, sinnvolle Zugriffsrechte, Monitoring und ein " +
          "Hosting, das Sie Ihrem Datenschutzbeauftragten gegenüber vertreten können.",
        "Wir kümmern uns um all das. Wir beraten Sie zum passenden Ansatz, entwickeln die Lösung, betreiben " +
          "sie auf unserer eigenen Infrastruktur in Deutschland und halten sie am Laufen – damit sich Ihr Team " +
          "auf die Nutzung konzentrieren kann.",
      ],
      button: "Beratungstermin vereinbaren",
    },
    capabilities: {
      heading: "Unsere Leistungen",
      items: [
        {
          icon: "brain",
          title: "KI-/LLM-Architektur und Beratung",
          description:
            "Wir entwerfen KI-Systeme, die zu Ihrem Anwendungsfall, Ihren " +
            "Daten und Ihrem Budget passen – und nicht umgekehrt.",
          points: [
            "Auswahl zwischen Open-Source- und kommerziellen Modellen",
            "Retrieval-Augmented Generation auf Ihren eigenen Dokumenten",
            "Kosten- und Leistungsabschätzung vor Entwicklungsbeginn",
          ],
        },
        {
          icon: "shield",
          title: "DSGVO-konformes KI-Hosting",
          description:
            "Ihre Modelle und Daten bleiben in deutschen Rechenzentren – ohne " +
            "Übermittlung in Drittländer und mit klarem Auftragsverarbeitungsvertrag.",
          points: [
            "Hosting ausschließlich in Deutschland",
            "Auftragsverarbeitungsvertrag nach Art. 28 DSGVO",
            "Verschlüsselung bei Übertragung und Speicherung",
          ],
        },
        {
          icon: "server",
          title: "Automatisch skalierende Private Cloud und GPU-Backend",
          description:
            "Dedizierte GPU-Kapazität, die mit dem Bedarf wächst und in ruhigen " +
            "Zeiten wieder schrumpft – Sie zahlen nur, was Sie nutzen.",
          points: [
            "Automatische Skalierung nach tatsächlicher Last",
            "Dedizierte GPUs für Inferenz und Fine-Tuning",
            "Isolierte Umgebungen für jeden Kunden",
          ],
        },
        {
          icon: "database",
          title: "Datenqualitäts-Pipeline",
          description:
            "Gute KI braucht gute Daten. Unsere Pipeline bereinigt, filtert und ergänzt " +
            "eingehende Inhalte, bevor sie Ihre Modelle oder Berichte erreichen.",
          points: [
            "Deduplizierung und Spam-Filterung",
            "Relevanzbewertung und Sentiment-Analyse",
            "Anbindung von Nachrichten- und Social-Media-APIs",
          ],
        },
        {
          icon: "activity",
          title: "Hochverfügbare Infrastruktur",
          description:
            "Redundante Systeme und Überwachung rund um die Uhr sorgen dafür, dass Ihre " +
            "KI-Anwendungen verfügbar sind, wenn Ihr Geschäft davon abhängt.",
          points: [
            "SLA mit 99,99 % Verfügbarkeit",
            "Redundanter Aufbau über mehrere Standorte",
            "Monitoring rund um die Uhr mit automatischer Alarmierung",
          ],
        },
        {
          icon: "rocket",
          title: "KI-Beratung für Start-ups",
          description:
            "Für junge Unternehmen finden wir den kürzesten Weg von der Idee zum " +
            "funktionierenden KI-Produkt – ohne Überdimensionierung und ohne Anbieterbindung.",
          points: [
            "Validierung KI-basierter Produktideen",
            "Prototyp innerhalb weniger Wochen",
            "Technische Due Diligence für Investoren",
          ],
        },
      ],
    },
    process: {
      heading: "So arbeiten wir",
      intro: "Vier klare Schritte führen Sie vom ersten Gespräch zu einem System, das im Alltag läuft.",
      steps: [
        {
          title: "Analyse & Bestandsaufnahme",
          description:
            "Wir analysieren Ihre Prozesse, Datenquellen und bestehenden " +
            "Systeme und zeigen, wo KI messbaren Nutzen bringt.",
        },
        {
          title: "Strategie & Lösungsdesign",
          description:
            "Gemeinsam mit Ihnen entwerfen wir die Architektur, wählen passende Modelle " +
            "aus und legen Meilensteine, Kosten und Erfolgskriterien fest.",
        },
        {
          title: "Entwicklung & Umsetzung",
          description:
            "Wir entwickeln die Lösung in kurzen Iterationen, binden sie an Ihre " +
            "Systeme an und nehmen sie auf unserer Infrastruktur in Betrieb.",
        },
        {
          title: "Schulung & Optimierung",
          description:
            "Wir schulen Ihr Team, überwachen Qualität und Nutzung und " +
            "verbessern das System fortlaufend anhand realer Ergebnisse.",
        },
      ],
    },
  },
};
