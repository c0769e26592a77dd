import type { Profile } from "@haggle/contract/account";
import type { Cart } from "@haggle/contract/cart";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Notice } from "@/components/ui/notice";
import { currentNegotiationQueryKey, negotiationQueryKey } from "../api/negotiation-api";
import { useAcceptOffer } from "../api/use-accept-offer";
import { useNegotiation } from "../api/use-negotiation";
import { useCurrentNegotiation } from "../api/use-current-negotiation";
import { useNegotiationChat } from "../hooks/use-negotiation-chat";
import { useNegotiationEvents } from "../hooks/use-negotiation-events";
import {
  hasStandingOffer,
  isNegotiationApplied,
  latestNegotiationResult,
  showsAcceptOffer,
} from "../lib/negotiation-chat";
import { NegotiationChatPanel } from "./negotiation-chat-panel";
import { NegotiationReviewCard } from "./negotiation-review-card";
import { NegotiationSummaryPanel } from "./negotiation-summary-panel";

export interface NegotiationWorkspaceProps {
  /** The shopper's cart (not empty) with the server's figures and the offer that stands. */
  cart: Cart;
  profile: Profile | null;
  /** The server answered the cart with the offer applied: it is the shopper's cart now. */
  onCartApplied: (cart: Cart) => void;
  /** The standing offer may have changed (a reply, a manager's decision): read the cart again. */
  onCartStale: () => void;
  /** Places the order (the checkout feature, joined in by the app). */
  onCheckout: () => void;
}

/**
 * The negotiation screen's body. When Ava's applied discount lapses under the page (a price
 * changed, or it expired: the server's cart says so), the shopper negotiates again: the workspace
 * starts afresh, as a new visit would, with no negotiation until the first message.
 */
export function NegotiationWorkspace(props: NegotiationWorkspaceProps) {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const negotiateAgain = useCallback(() => {
    // Forget the lapsed negotiation, so the fresh workspace asks the server which one (none) is current.
    queryClient.removeQueries({ queryKey: currentNegotiationQueryKey });
    setRound((r) => r + 1);
  }, [queryClient]);
  return <Workspace key={round} {...props} onNegotiateAgain={negotiateAgain} />;
}

/**
 * Summary panel and chat side by side (stacked on phones), the accept button once there is a
 * result, and the review card after applying. Resumes the cart's negotiation from the server
 * (messages, offer, expiry); a new one starts with the first message.
 */
function Workspace({
  cart,
  profile,
  onCartApplied,
  onCartStale,
  onCheckout,
  onNegotiateAgain,
}: NegotiationWorkspaceProps & { onNegotiateAgain: () => void }) {
  const queryClient = useQueryClient();
  const current = useCurrentNegotiation();
  const { negotiationId } = current;
  const negotiation = useNegotiation(negotiationId);
  const [appliedHere, setAppliedHere] = useState(false);
  const [draft, setDraft] = useState("");
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  const refresh = useCallback(() => {
    if (negotiationId !== null) {
      void queryClient.invalidateQueries({ queryKey: negotiationQueryKey(negotiationId) });
    }
    onCartStale();
  }, [negotiationId, onCartStale, queryClient]);

  const chat = useNegotiationChat({
    negotiationId,
    start: current.start,
    storedMessages: negotiation.data?.messages,
    onTurnSettled: refresh,
  });
  useNegotiationEvents(negotiationId, refresh);

  const accept = useAcceptOffer(negotiationId, {
    onApplied: (applied) => {
      setAppliedHere(true);
      onCartApplied(applied);
    },
    onRefused: onCartStale,
  });

  const applied = appliedHere || isNegotiationApplied(negotiation.data);
  // The server's cart came back saying Ava's discount lapsed while this page showed it applied
  // (a refused checkout, a reload of the cart): that negotiation is over, and the shopper starts
  // afresh. The notice stays above the new chat until a new offer is applied.
  const noticeBefore = useRef(cart.discountNotice);
  useEffect(() => {
    const arrived = noticeBefore.current === null && cart.discountNotice !== null;
    noticeBefore.current = cart.discountNotice;
    if (arrived && applied) onNegotiateAgain();
  }, [cart.discountNotice, applied, onNegotiateAgain]);
  const showAccept = showsAcceptOffer({
    messages: chat.messages,
    result: latestNegotiationResult(chat.messages),
    standingOffer: hasStandingOffer(negotiation.data),
    applied,
  });

  // The accept button goes away; keyboard and screen-reader users land on what replaced it.
  useEffect(() => {
    if (appliedHere) reviewHeading.current?.focus();
  }, [appliedHere]);

  const send = (text: string) => {
    const taken = chat.send(text, (failed) =>
      setDraft((current) => (current.trim() === "" ? failed : current)),
    );
    if (taken) setDraft("");
  };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <NegotiationSummaryPanel cart={cart} profile={profile} />
      {/* On a phone the chat comes first; from lg the summary is the left column. */}
      <div className="order-first flex min-w-0 flex-col gap-6 lg:order-none">
        {cart.discountNotice !== null && (
          <Notice data-testid="negotiation-discount-notice">{cart.discountNotice}</Notice>
        )}
        <NegotiationChatPanel
          messages={chat.messages}
          isPending={chat.isPending}
          draft={draft}
          onDraftChange={setDraft}
          onSend={send}
          isStarting={current.isLoading || (negotiationId !== null && negotiation.isPending)}
          startFailed={current.isError}
          onRetryStart={current.retry}
          approvalPending={negotiation.data?.approval?.status === "pending"}
          showAccept={showAccept}
          isAccepting={accept.isPending}
          onAccept={accept.accept}
          applied={applied}
        />
        {applied && <NegotiationReviewCard cart={cart} onCheckout={onCheckout} headingRef={reviewHeading} />}
      </div>
    </div>
  );
}
