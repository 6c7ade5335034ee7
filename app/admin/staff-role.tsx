// The signed-in staff member's role, from the page's loader, for the buttons
// deep in the page: each shows only when the call behind it would be allowed.
import { createContext, useContext } from "react";
import { may, type Permission, type Role } from "#shared/auth/permissions.ts";

// Without a provider nothing but reading is offered: a control never shows by mistake.
export const StaffRole = createContext<Role>("viewer");

export function useMay(permission: Permission): boolean {
  return may(useContext(StaffRole), permission);
}
