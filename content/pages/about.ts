import { company } from "#shared/company.ts";
import type { AboutContent, Localized } from "#content/types.ts";

export const about: Localized<AboutContent> = {
  en: {
    meta: {
      title: "About us – " + company.brand,
      description:
        "Who we are: a Munich team building practical, GDPR-compliant AI solutions, led by a " +
        "founder with more than 25 years of experience in software and data.",
    },
    heading: "About us",
    intro:
      company.brand +
      " is an AI and digital consultancy based in Munich. We help companies use artificial intelligence " +
      "in a way that is practical, secure and compliant with European data protection law.",
    story: {
      heading: "Our story",
      paragraphs: [
        company.brand +
          " grew out of decades of project work in software development and data engineering. Time and again " +
          "we saw promising AI pilots fail, not because of the models, but because of poor data, unclear " +
          "responsibilities and infrastructure that was never meant for production.",
        "That is why we combine consulting, development and operations under one roof. We understand both " +
          "the business question and the technology behind it, and we stay on board after go-live, when a " +
          "system has to prove itself every day.",
        "Today we work with mid-sized companies, startups and public organisations across Germany. Alongside " +
          "client work we build our own products, which keeps our skills sharp and shows what is possible with " +
          "a small, focused team.",
      ],
    },
    mission: {
      heading: "Our mission",
      intro:
        "We want every company, regardless of its size, to be able to " +
        "benefit from AI without giving up control over its data.",
      bullets: [
        "Practical solutions that solve real problems and deliver measurable results",
        "Data protection by design, with hosting in Germany and transparent data flows",
        "Honest advice, including when the best answer is not to use AI at all",
      ],
    },
    team: {
      heading: "Our team",
      intro:
        "A small team of engineers, data specialists and consultants who prefer " +
        "to build things that work rather than talk about them.",
      ceo: {
        position: "Founder & CEO",
        description: [
          "With more than 25 years of experience in software and data, our founder has designed data " +
            "platforms, led development teams and brought complex systems into stable operation, for " +
            "corporations and startups alike.",
          "He makes sure every project stays grounded: in clean data, in sound architecture and in " +
            "the question of what a solution actually achieves for the people who use it.",
        ],
        portraitAlt:
          "Illustrated portrait of the founder and CEO, smiling, in a light shirt against a soft blue background",
      },
    },
  },
  de: {
    meta: {
      title: "Über uns – " + company.brand,
      description:
        "Wer wir sind: ein Münchner Team für praxisnahe, DSGVO-konforme KI-Lösungen, geführt " +
        "von einem Gründer mit über 25 Jahren Erfahrung in Software und Daten.",
    },
    heading: "Über uns",
    intro:
      company.brand +
      " ist eine KI- und Digitalberatung mit Sitz in München. Wir helfen Unternehmen, künstliche " +
      "Intelligenz praxisnah, sicher und im Einklang mit dem europäischen Datenschutzrecht einzusetzen.",
    story: {
      heading: "Unsere Geschichte",
      paragraphs: [
        company.brand +
          " ist aus jahrzehntelanger Projektarbeit in Softwareentwicklung und Data Engineering entstanden. " +
          "Immer wieder sahen wir vielversprechende KI-Pilotprojekte scheitern – nicht an den Modellen, " +
          "sondern an mangelhaften Daten, unklaren Zuständigkeiten und einer Infrastruktur, die nie für den " +
          "Produktivbetrieb gedacht war.",
        "Deshalb vereinen wir Beratung, Entwicklung und Betrieb unter einem Dach. Wir verstehen die " +
          "fachliche Fragestellung ebenso wie die Technik dahinter und bleiben auch nach dem Start an Bord, " +
          "wenn sich ein System jeden Tag bewähren muss.",
        "Heute arbeiten wir mit mittelständischen Unternehmen, Start-ups und öffentlichen Einrichtungen in " +
          "ganz Deutschland. Neben Kundenprojekten entwickeln wir eigene Produkte – das hält unser Können " +
          "aktuell und zeigt, was ein kleines, fokussiertes Team leisten kann.",
      ],
    },
    mission: {
      heading: "Unsere Mission",
      intro:
        "Jedes Unternehmen soll unabhängig von seiner Größe von KI profitieren " +
        "können, ohne die Kontrolle über seine Daten aufzugeben.",
      bullets: [
        "Praxisnahe Lösungen, die echte Probleme lösen und messbare Ergebnisse liefern",
        "Datenschutz von Anfang an, mit Hosting in Deutschland und transparenten Datenflüssen",
        "Ehrliche Beratung – auch dann, wenn die beste Antwort lautet, auf KI zu verzichten",
      ],
    },
    team: {
      heading: "Unser Team",
      intro:
        "Ein kleines Team aus Entwicklern, Datenspezialisten und Beratern, das " +
        "lieber Dinge baut, die funktionieren, als darüber zu reden.",
      ceo: {
        position: "Gründer & Geschäftsführer",
        description: [
          "Mit mehr als 25 Jahren Erfahrung in Software und Daten hat unser Gründer Datenplattformen " +
            "entworfen, Entwicklungsteams geführt und komplexe Systeme in einen stabilen Betrieb gebracht – " +
            "für Konzerne ebenso wie für Start-ups.",
          "Er achtet darauf, dass jedes Projekt auf festem Boden steht: auf sauberen Daten, auf einer " +
            "soliden Architektur und auf der Frage, was eine Lösung für die Menschen, die sie nutzen, " +
            "tatsächlich bewirkt.",
        ],
        portraitAlt:
          "Illustriertes Porträt des Gründers und Geschäftsführers, " +
          "lächelnd, in hellem Hemd vor sanft blauem Hintergrund",
      },
    },
  },
};
