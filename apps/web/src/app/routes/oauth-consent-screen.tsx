import { useLocation } from "react-router";
import { OAuthConsent } from "@/features/account/components/oauth-consent";
import { useSession } from "@/features/auth/api/use-session";

/** /oauth/consent: an agent asks to act for the signed-in shopper (sign-in comes first). */
export function OAuthConsentScreen() {
  const location = useLocation();
  const { user } = useSession();
  return (
    <div className="px-4 py-10">
      <h1 className="sr-only">Connect an agent</h1>
      <OAuthConsent search={location.search} userEmail={user?.email ?? ""} />
    </div>
  );
}
