import { company } from "#shared/company.ts";
import type { CareersContent, Localized } from "#content/types.ts";

export const careers: Localized<CareersContent> = {
  en: {
    meta: {
      title: "Careers – " + company.brand,
      description:
        "Work on real AI projects in Munich or remotely: open full-time positions for AI " +
        "engineers, prompt engineers, AI server specialists and AI architects.",
    },
    heading: "Join Our Team",
    intro:
      "We are looking for people who enjoy bringing AI into production and who care about doing it properly. " +
      "With us you take on responsibility from day one and see the results of your work in real use.",
    reasons: {
      heading: "Why work with us",
      items: [
        {
          title: "Projects with real impact",
          description:
            "You work on systems that our clients use every day, from data pipelines to " +
            "language model applications, and not on prototypes that end up in a drawer.",
        },
        {
          title: "Short decision paths",
          description:
            "As a small team we decide quickly and together. Your ideas are " +
            "heard and can be implemented in a matter of days.",
        },
        {
          title: "Technology with substance",
          description:
            "Open-source models, GPU infrastructure, modern data stacks: you work " +
            "with current technology on our own infrastructure in Germany.",
        },
      ],
    },
    benefits: {
      heading: "What we offer",
      items: [
        {
          icon: "clock",
          title: "Flexible work",
          description:
            "Flexible working hours and the choice between our Munich " +
            "office and working from home anywhere in Germany.",
        },
        {
          icon: "graduation",
          title: "Continuous learning",
          description:
            "A personal training budget, time for conferences and " +
            "certifications, and regular knowledge sharing within the team.",
        },
        {
          icon: "wallet",
          title: "Competitive compensation",
          description:
            "A fair salary in line with the market, plus a company pension " +
            "scheme and a subsidised public transport ticket.",
        },
        {
          icon: "users",
          title: "Collaborative environment",
          description:
            "An open, respectful team that shares knowledge, reviews each other's " +
            "work constructively and celebrates successes together.",
        },
      ],
    },
    openings: {
      heading: "Open positions",
      fullTime: "Full-time",
      location: "Munich or remote (Germany)",
      requirementsLabel: "What you bring",
      responsibilitiesLabel: "What you will do",
      apply: "Apply Now",
      jobs: [
        {
          title: "AI Engineer",
          description:
            "You develop and integrate AI applications based on large language " +
            "models, from the first prototype to stable production operation.",
          requirements: [
            "At least 3 years of professional experience in software " +
              "development, ideally with a focus on machine learning",
            "Very good knowledge of Python and experience with frameworks such as FastAPI or PyTorch",
            "Practical experience with LLMs, embeddings and retrieval-augmented generation",
            "Familiarity with Docker, Git and CI/CD pipelines",
            "Very good German or English skills",
          ],
          responsibilities: [
            "Develop AI applications and APIs for our clients",
            "Connect language models to company data and existing systems",
            "Evaluate model quality and improve it systematically",
            "Write tests and documentation and take part in code reviews",
          ],
        },
        {
          title: "AI Prompt Engineer",
          description:
            "You design, test and refine the prompts and evaluation methods " +
            "that make our language model applications reliable.",
          requirements: [
            "At least 1 year of experience working with large language models",
            "Excellent written German and English",
            "Analytical thinking and a systematic approach to testing",
            "Basic knowledge of Python or another scripting language",
          ],
          responsibilities: [
            "Develop and version prompts and system instructions",
            "Build test sets and evaluate answers against clear criteria",
            "Work with clients to understand their domain language and requirements",
            "Document best practices and share them with the team",
          ],
        },
        {
          title: "AI Server Specialist",
          description:
            "You operate and scale the GPU and server infrastructure on which our AI solutions run for our clients.",
          requirements: [
            "At least 2 years of experience in Linux system administration or DevOps",
            "Experience with Docker and Kubernetes",
            "Knowledge of GPU drivers, CUDA or inference servers is an advantage",
            "Experience with monitoring tools such as Prometheus and Grafana",
            "A sense of responsibility for systems with high availability requirements",
          ],
          responsibilities: [
            "Operate, update and secure our GPU clusters and servers",
            "Automate deployments and scaling",
            "Monitor availability and performance and respond to incidents",
            "Plan capacity together with the engineering team",
          ],
        },
        {
          title: "AI Architect",
          description:
            "You design AI solutions for our clients end to end and are their " +
            "technical point of contact from the first workshop to go-live.",
          requirements: [
            "At least 5 years of experience in software or data architecture",
            "In-depth knowledge of LLMs, vector databases and retrieval architectures",
            "Experience with cloud and on-premises infrastructure",
            "Good knowledge of the GDPR and data protection requirements for IT systems",
            "Confident communication with both technical teams and management",
          ],
          responsibilities: [
            "Design target architectures for AI projects",
            "Advise clients on model selection, hosting and integration",
            "Provide technical leadership for project teams",
            "Define standards for security, quality and operations",
            "Support pre-sales with technical concepts and estimates",
          ],
        },
      ],
    },
    openApplication: {
      heading: "No suitable position?",
      text:
        "We are always interested in talented people. Send us a short message about " +
        "yourself and what you would like to work on, and we will get back to you.",
      button: "Submit Open Application",
    },
  },
  de: {
    meta: {
      title: "Karriere – " + company.brand,
      description:
        "Echte KI-Projekte in München oder remote: offene Vollzeitstellen für AI " +
        "Engineers, Prompt Engineers, KI-Serverspezialisten und KI-Architekten.",
    },
    heading: "Werden Sie Teil unseres Teams",
    intro:
      "Wir suchen Menschen, die KI gern in den Produktivbetrieb bringen und Wert darauf legen, es richtig zu " +
      "machen. Bei uns übernehmen Sie vom ersten Tag an Verantwortung und sehen die Ergebnisse Ihrer Arbeit " +
      "im echten Einsatz.",
    reasons: {
      heading: "Warum bei uns arbeiten",
      items: [
        {
          title: "Projekte mit echter Wirkung",
          description:
            "Sie arbeiten an Systemen, die unsere Kunden täglich nutzen – von Datenpipelines bis zu " +
            "Anwendungen mit Sprachmodellen –, nicht an Prototypen, die in der Schublade landen.",
        },
        {
          title: "Kurze Entscheidungswege",
          description:
            "Als kleines Team entscheiden wir schnell und gemeinsam. Ihre Ideen " +
            "werden gehört und lassen sich innerhalb weniger Tage umsetzen.",
        },
        {
          title: "Technik mit Substanz",
          description:
            "Open-Source-Modelle, GPU-Infrastruktur, moderne Datenplattformen: Sie arbeiten mit " +
            "aktueller Technik auf unserer eigenen Infrastruktur in Deutschland.",
        },
      ],
    },
    benefits: {
      heading: "Was wir bieten",
      items: [
        {
          icon: "clock",
          title: "Flexibles Arbeiten",
          description:
            "Flexible Arbeitszeiten und die Wahl zwischen unserem Büro in " +
            "München und dem Homeoffice überall in Deutschland.",
        },
        {
          icon: "graduation",
          title: "Kontinuierliche Weiterbildung",
          description:
            "Ein persönliches Weiterbildungsbudget, Zeit für Konferenzen und " +
            "Zertifizierungen sowie regelmäßiger Wissensaustausch im Team.",
        },
        {
          icon: "wallet",
          title: "Attraktive Vergütung",
          description:
            "Ein faires, marktgerechtes Gehalt, dazu betriebliche " +
            "Altersvorsorge und ein Zuschuss zum Deutschlandticket.",
        },
        {
          icon: "users",
          title: "Kollegiales Umfeld",
          description:
            "Ein offenes, respektvolles Team, das Wissen teilt, Arbeit " +
            "konstruktiv gegenseitig prüft und Erfolge gemeinsam feiert.",
        },
      ],
    },
    openings: {
      heading: "Offene Stellen",
      fullTime: "Vollzeit",
      location: "München oder remote (Deutschland)",
      requirementsLabel: "Das bringen Sie mit",
      responsibilitiesLabel: "Ihre Aufgaben",
      apply: "Jetzt bewerben",
      jobs: [
        {
          title: "AI Engineer (m/w/d)",
          description:
            "Sie entwickeln und integrieren KI-Anwendungen auf Basis großer " +
            "Sprachmodelle – vom ersten Prototyp bis zum stabilen Produktivbetrieb.",
          requirements: [
            "Mindestens 3 Jahre Berufserfahrung in der Softwareentwicklung, " +
              "idealerweise mit Schwerpunkt maschinelles Lernen",
            "Sehr gute Python-Kenntnisse und Erfahrung mit Frameworks wie FastAPI oder PyTorch",
            "Praktische Erfahrung mit LLMs, Embeddings und Retrieval-Augmented Generation",
            "Sicherer Umgang mit Docker, Git und CI/CD-Pipelines",
            "Sehr gute Deutsch- oder Englischkenntnisse",
          ],
          responsibilities: [
            "Entwicklung von KI-Anwendungen und APIs für unsere Kunden",
            "Anbindung von Sprachmodellen an Unternehmensdaten und bestehende Systeme",
            "Bewertung und systematische Verbesserung der Modellqualität",
            "Tests, Dokumentation und Mitarbeit an Code-Reviews",
          ],
        },
        {
          title: "AI Prompt Engineer (m/w/d)",
          description:
            "Sie entwerfen, testen und verfeinern die Prompts und Bewertungsverfahren, " +
            "die unsere Anwendungen mit Sprachmodellen zuverlässig machen.",
          requirements: [
            "Mindestens 1 Jahr Erfahrung in der Arbeit mit großen Sprachmodellen",
            "Ausgezeichnetes schriftliches Deutsch und Englisch",
            "Analytisches Denken und eine systematische Herangehensweise an Tests",
            "Grundkenntnisse in Python oder einer anderen Skriptsprache",
          ],
          responsibilities: [
            "Entwicklung und Versionierung von Prompts und Systemanweisungen",
            "Aufbau von Testdatensätzen und Bewertung von Antworten nach klaren Kriterien",
            "Abstimmung mit Kunden zu Fachsprache und Anforderungen",
            "Dokumentation bewährter Vorgehensweisen und Weitergabe im Team",
          ],
        },
        {
          title: "AI Server Specialist (m/w/d)",
          description:
            "Sie betreiben und skalieren die GPU- und Serverinfrastruktur, " +
            "auf der unsere KI-Lösungen für unsere Kunden laufen.",
          requirements: [
            "Mindestens 2 Jahre Erfahrung in der Linux-Systemadministration oder im DevOps-Umfeld",
            "Erfahrung mit Docker und Kubernetes",
            "Kenntnisse in GPU-Treibern, CUDA oder Inferenzservern sind von Vorteil",
            "Erfahrung mit Monitoring-Werkzeugen wie Prometheus und Grafana",
            "Verantwortungsbewusstsein für Systeme mit hohen Verfügbarkeitsanforderungen",
          ],
          responsibilities: [
            "Betrieb, Aktualisierung und Absicherung unserer GPU-Cluster und Server",
            "Automatisierung von Deployments und Skalierung",
            "Überwachung von Verfügbarkeit und Leistung sowie Reaktion auf Störungen",
            "Kapazitätsplanung gemeinsam mit dem Entwicklungsteam",
          ],
        },
        {
          title: "AI Architect (m/w/d)",
          description:
            "Sie konzipieren KI-Lösungen für unsere Kunden von Anfang bis Ende und sind vom " +
            "ersten Workshop bis zum Go-live deren technische Ansprechperson.",
          requirements: [
            "Mindestens 5 Jahre Erfahrung in Software- oder Datenarchitektur",
            "Fundierte Kenntnisse zu LLMs, Vektordatenbanken und Retrieval-Architekturen",
            "Erfahrung mit Cloud- und On-Premises-Infrastruktur",
            "Gute Kenntnisse der DSGVO und der Datenschutzanforderungen an IT-Systeme",
            "Souveräne Kommunikation mit technischen Teams ebenso wie mit der Geschäftsleitung",
          ],
          responsibilities: [
            "Entwurf von Zielarchitekturen für KI-Projekte",
            "Beratung von Kunden zu Modellauswahl, Hosting und Integration",
            "Technische Führung von Projektteams",
            "Festlegung von Standards für Sicherheit, Qualität und Betrieb",
            "Unterstützung des Vertriebs mit technischen Konzepten und Aufwandsschätzungen",
          ],
        },
      ],
    },
    openApplication: {
      heading: "Keine passende Stelle dabei?",
      text:
        "Wir freuen uns immer über talentierte Menschen. Schreiben Sie uns kurz, wer Sie " +
        "sind und woran Sie gern arbeiten möchten – wir melden uns bei Ihnen.",
      button: "Initiativbewerbung senden",
    },
  },
};
