import {
  Activity,
  Brain,
  Clock,
  Database,
  GraduationCap,
  Heart,
  Rocket,
  Scale,
  Server,
  Shield,
  Users,
  Wallet,
} from "lucide-react";
import type { CardIcon as CardIconName } from "#content/types.ts";

const ICONS = {
  brain: Brain,
  shield: Shield,
  server: Server,
  database: Database,
  activity: Activity,
  rocket: Rocket,
  scale: Scale,
  users: Users,
  graduation: GraduationCap,
  clock: Clock,
  wallet: Wallet,
  heart: Heart,
} satisfies Record<CardIconName, unknown>;

export function CardIcon({ name }: { name: CardIconName }) {
  const Icon = ICONS[name];
  return (
    <span
      className={
        "inline-flex size-11 items-center justify-center rounded-lg " +
        "bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100"
      }
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
