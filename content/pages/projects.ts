import { company } from "#shared/company.ts";
import type { Localized, ProjectsContent } from "#content/types.ts";

const summarizerTech = ["Python", "FastAPI", "Ollama", "React", "Docker"];
const playgroundsDeTech = ["TypeScript", "React", "PostgreSQL", "PostGIS", "OpenStreetMap", "Docker"];
const playgroundsWorldTech = ["TypeScript", "React", "PostGIS", "OpenStreetMap", "Python", "Docker"];

export const projects: Localized<ProjectsContent> = {
  en: {
    meta: {
      title: "Projects – " + company.brand,
      description:
        "Our own applications: an AI text summariser running on private infrastructure and " +
        "playground finders for Germany and the world, built on OpenStreetMap.",
    },
    heading: "Latest Projects",
    intro:
      "We don't just advise, we build. These applications were developed and are operated by our " +
      "team, using the same technologies and standards we bring to client projects.",
    visitLabel: "Visit project",
    technologiesLabel: "Technologies",
    projects: [
      {
        image: "summarizer",
        imageAlt:
          "Screenshot of the text summarisation tool with a long article " +
          "on the left and its short summary on the right",
        title: "AI Text Summariser",
        description:
          "Paste a long article, report or email thread and receive a concise summary of the key points " +
          "within seconds. The language model runs on our own servers in Germany, so your texts are never " +
          "passed on to third parties.",
        link: "https://summary.example.com",
        technologies: summarizerTech,
      },
      {
        image: "playgrounds-de",
        imageAlt: "Map of a German city with marked playgrounds and a detail panel for one of them",
        title: "Playground Finder Germany",
        description:
          "Find playgrounds near you anywhere in Germany, filtered by age group, equipment and shaded areas. " +
          "The data comes from OpenStreetMap and is updated and checked for plausibility regularly.",
        link: "https://spielplatz.example.com",
        technologies: playgroundsDeTech,
      },
      {
        image: "playgrounds-world",
        imageAlt: "World map with clusters of playgrounds on several continents",
        title: "Playground Finder Worldwide",
        description:
          "The international edition of our playground finder helps families on holiday or after a move find " +
          "the nearest place to play. It draws on OpenStreetMap data from more than 100 countries and is " +
          "available in several languages.",
        link: "https://playgrounds.example.com",
        technologies: playgroundsWorldTech,
      },
    ],
  },
  de: {
    meta: {
      title: "Projekte – " + company.brand,
      description:
        "Unsere eigenen Anwendungen: ein KI-Textzusammenfasser auf eigener Infrastruktur und " +
        "Spielplatzsuchen für Deutschland und die Welt auf Basis von OpenStreetMap.",
    },
    heading: "Aktuelle Projekte",
    intro:
      "Wir beraten nicht nur, wir bauen auch selbst. Diese Anwendungen hat unser Team entwickelt und " +
      "betreibt sie – mit denselben Technologien und Standards, die wir in Kundenprojekte einbringen.",
    visitLabel: "Projekt ansehen",
    technologiesLabel: "Technologien",
    projects: [
      {
        image: "summarizer",
        imageAlt: "Bildschirmfoto des Textzusammenfassers mit einem langen Artikel links und seiner Kurzfassung rechts",
        title: "KI-Textzusammenfasser",
        description:
          "Fügen Sie einen langen Artikel, Bericht oder E-Mail-Verlauf ein und erhalten Sie in Sekunden eine " +
          "knappe Zusammenfassung der wichtigsten Punkte. Das Sprachmodell läuft auf unseren eigenen Servern " +
          "in Deutschland, Ihre Texte werden also nie an Dritte weitergegeben.",
        link: "https://summary.example.com",
        technologies: summarizerTech,
      },
      {
        image: "playgrounds-de",
        imageAlt: "Karte einer deutschen Stadt mit markierten Spielplätzen und einer Detailansicht zu einem davon",
        title: "Spielplatzsuche Deutschland",
        description:
          "Finden Sie Spielplätze in Ihrer Nähe – überall in Deutschland, gefiltert nach Altersgruppe, " +
          "Ausstattung und Schattenplätzen. Die Daten stammen aus OpenStreetMap und werden regelmäßig " +
          "aktualisiert und auf Plausibilität geprüft.",
        link: "https://spielplatz.example.com",
        technologies: playgroundsDeTech,
      },
      {
        image: "playgrounds-world",
        imageAlt: "Weltkarte mit Gruppen von Spielplätzen auf mehreren Kontinenten",
        title: "Spielplatzsuche weltweit",
        description:
          "Die internationale Ausgabe unserer Spielplatzsuche hilft Familien im Urlaub oder nach einem " +
          "Umzug, den nächsten Ort zum Spielen zu finden. Sie nutzt OpenStreetMap-Daten aus über 100 Ländern " +
          "und ist in mehreren Sprachen verfügbar.",
        link: "https://playgrounds.example.com",
        technologies: playgroundsWorldTech,
      },
    ],
  },
};
