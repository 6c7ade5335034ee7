// Toasts load their code (sonner) on first use: most visits never show one.
export type Toast = { title: string; description: string; variant?: "success" | "error" };

let toaster: Promise<typeof import("./toaster.tsx")> | undefined;

export function showToast(toast: Toast): void {
  toaster ??= import("./toaster.tsx");
  void toaster.then((module) => module.show(toast));
}
