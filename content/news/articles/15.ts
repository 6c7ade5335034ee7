import type { NewsArticle } from "#content/types.ts";

export const article: NewsArticle = {
  id: 15,
  date: "2025-02-05",
  category: "research",
  readMinutes: 7,
  en: {
    title: "How to Evaluate Retrieval-Augmented Generation: Test Sets, Retrieval, Faithfulness",
    excerpt:
      "A RAG system can fail in two places: it finds the wrong documents, or it answers " +
      "beyond what they say. Systematic evaluation makes both problems measurable.",
    imageAlt: "Abstract illustration of documents flowing into a magnifying glass with a checkmark, in indigo tones",
    body: [
      {
        type: "p",
        text:
          "Retrieval-augmented generation, or RAG, connects a language model to a company's own documents. For " +
          "each question, the system first searches a knowledge base for relevant passages and then has the " +
          "model formulate an answer based on them. Demos are quickly convincing, but whether a system is " +
          "ready for daily use only becomes clear through systematic evaluation.",
      },
      {
        type: "p",
        text:
          "The key is to assess the two stages separately. If an answer is wrong, the cause may lie in " +
          "retrieval, because the relevant passage was never found, or in generation, because the model " +
          "ignored or misread it. Only a separate view shows where improvement is needed.",
      },
      { type: "h2", text: "Building a reliable test set" },
      {
        type: "p",
        text:
          "Everything starts with a test set: a collection of realistic questions, each with a reference " +
          "answer and the documents that contain it. Ideally, the questions come from the people who will " +
          "later use the system, including difficult cases, ambiguous wording and questions that the knowledge " +
          "base cannot answer at all. On this basis, several aspects can be measured:",
      },
      {
        type: "ul",
        items: [
          "Retrieval quality: how often the relevant passages appear among the top search " +
            "results, measured for example as recall or mean reciprocal rank",
          "Faithfulness: whether every statement in the answer is supported by the retrieved passages",
          "Answer relevance: whether the answer actually addresses the question that was asked",
          "Behaviour on unanswerable questions: whether the system admits that it does not know",
        ],
      },
      {
        type: "p",
        text:
          "Language models can help rate faithfulness and relevance at scale, but their judgements should be " +
          "checked against human ratings at regular intervals. In our projects, we run the test set " +
          "automatically after every change to chunking, embeddings, prompts or the model. That turns gut " +
          "feeling into comparable numbers and prevents an improvement in one place from silently causing a " +
          "regression elsewhere.",
      },
    ],
  },
  de: {
    title: "Retrieval-Augmented Generation bewerten: Testsets, Retrieval-Qualität, Faktentreue",
    excerpt:
      "Ein RAG-System kann an zwei Stellen scheitern: Es findet die falschen Dokumente oder " +
      "antwortet über deren Inhalt hinaus. Eine systematische Evaluation macht beides messbar.",
    imageAlt: "Abstrakte Illustration von Dokumenten, die in eine Lupe mit Häkchen fließen, in Indigotönen",
    body: [
      {
        type: "p",
        text:
          "Retrieval-Augmented Generation, kurz RAG, verbindet ein Sprachmodell mit den eigenen Dokumenten " +
          "eines Unternehmens. Zu jeder Frage durchsucht das System zunächst eine Wissensbasis nach passenden " +
          "Textstellen und lässt das Modell auf dieser Grundlage eine Antwort formulieren. Demos überzeugen " +
          "schnell – ob ein System alltagstauglich ist, zeigt aber erst eine systematische Evaluation.",
      },
      {
        type: "p",
        text:
          "Entscheidend ist, beide Stufen getrennt zu bewerten. Ist eine Antwort falsch, kann die Ursache im " +
          "Retrieval liegen, weil die relevante Textstelle nie gefunden wurde, oder in der Generierung, weil " +
          "das Modell sie ignoriert oder falsch gelesen hat. Erst die getrennte Betrachtung zeigt, wo " +
          "nachgebessert werden muss.",
      },
      { type: "h2", text: "Ein belastbares Testset aufbauen" },
      {
        type: "p",
        text:
          "Am Anfang steht ein Testset: eine Sammlung realistischer Fragen, jeweils mit Referenzantwort und " +
          "den Dokumenten, in denen die Antwort steht. Idealerweise stammen die Fragen von den Menschen, die " +
          "das System später nutzen – einschließlich schwieriger Fälle, mehrdeutiger Formulierungen und " +
          "Fragen, die die Wissensbasis gar nicht beantworten kann. Auf dieser Grundlage lassen sich mehrere " +
          "Aspekte messen:",
      },
      {
        type: "ul",
        items: [
          "Retrieval-Qualität: wie oft die relevanten Textstellen unter den ersten " +
            "Suchtreffern erscheinen, gemessen etwa als Recall oder Mean Reciprocal Rank",
          "Faktentreue: ob jede Aussage der Antwort durch die gefundenen Textstellen belegt ist",
          "Relevanz der Antwort: ob sie tatsächlich auf die gestellte Frage eingeht",
          "Verhalten bei unbeantwortbaren Fragen: ob das System zugibt, etwas nicht zu wissen",
        ],
      },
      {
        type: "p",
        text:
          "Sprachmodelle können helfen, Faktentreue und Relevanz in großem Umfang zu bewerten, ihre Urteile " +
          "sollten jedoch regelmäßig mit menschlichen Bewertungen abgeglichen werden. In unseren Projekten " +
          "lassen wir das Testset nach jeder Änderung an Chunking, Embeddings, Prompts oder Modell automatisch " +
          "laufen. So wird aus Bauchgefühl eine vergleichbare Kennzahl, und eine Verbesserung an einer Stelle " +
          "führt nicht unbemerkt zu einer Verschlechterung an anderer.",
      },
    ],
  },
};
