import type { ForwardStatus } from "../api/orders-api";

export interface ForwardStep {
  status: ForwardStatus;
  /** The button's text. */
  label: string;
}

/** The one step an order can take next (pending/confirmed -> processing -> shipped -> delivered); null when delivered. */
export function nextOrderStep(status: string): ForwardStep | null {
  switch (status) {
    case "pending":
    case "confirmed":
      return { status: "processing", label: "Mark processing" };
    case "processing":
      return { status: "shipped", label: "Mark shipped" };
    case "shipped":
      return { status: "delivered", label: "Mark delivered" };
    default:
      return null;
  }
}
