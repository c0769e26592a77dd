import { ComingSoon } from "../layout/coming-soon";

export function AdminScreen() {
  return (
    <ComingSoon title="Admin Panel">
      <p>The admin tools are not available yet.</p>
    </ComingSoon>
  );
}
