import { formatMoney } from "@haggle/domain/pricing/money";
import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import type { Approval } from "@haggle/contract/negotiation";
import { type LoyaltyTier, TIER_LABELS } from "@haggle/domain/negotiation/loyalty-tiers";
import { CheckIcon, LoaderCircleIcon, UserRoundIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useDecideApproval } from "../../api/approvals-queries";
import { approvalFailureToast, approvalSuccessToast, type ToastContent } from "../../lib/approvals-feedback";
import { formatDateTime, formatTimeAgo } from "../../lib/approvals-time";

const NOTES_MAX = 1000;

function tierLabel(tier: string): string {
  return TIER_LABELS[tier as LoyaltyTier] ?? tier;
}

function show(kind: "success" | "error", { title, description }: ToastContent) {
  toast[kind](title, description === undefined ? undefined : { description });
}

function ShopperLine({ approval }: { approval: Approval }) {
  const { shopper } = approval;
  const orders = `${shopper.ordersCount} ${shopper.ordersCount === 1 ? "order" : "orders"}`;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/15 text-brand">
        <UserRoundIcon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold break-words">{shopper.name || shopper.email || "A shopper"}</h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="brand">{tierLabel(shopper.loyaltyTier)}</Badge>
          <span>{orders}</span>
        </p>
      </div>
    </div>
  );
}

function AskFigures({ approval }: { approval: Approval }) {
  return (
    <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
      <div className="rounded-md bg-muted px-3 py-2">
        <dt className="text-xs text-muted-foreground">Requested discount</dt>
        <dd className="text-lg font-semibold tabular-nums">
          {`${formatPercentPoints(approval.requestedDiscountPct)} · ${formatMoney(approval.requestedDiscountAmount)}`}
        </dd>
      </div>
      <div className="rounded-md bg-muted px-3 py-2">
        <dt className="text-xs text-muted-foreground">Cart subtotal</dt>
        <dd className="text-lg font-semibold tabular-nums">{formatMoney(approval.subtotal)}</dd>
      </div>
      <div className="rounded-md bg-muted px-3 py-2">
        <dt className="text-xs text-muted-foreground">Asked</dt>
        <dd className="text-lg font-semibold">
          <time dateTime={approval.createdAt} title={formatDateTime(approval.createdAt)}>
            {formatTimeAgo(approval.createdAt)}
          </time>
        </dd>
      </div>
    </dl>
  );
}

/** A pending ask: who, how much, why Ava escalated, and the merchant's answer with a note. */
export function PendingApprovalCard({ approval }: { approval: Approval }) {
  const decide = useDecideApproval();
  const [notes, setNotes] = useState("");
  const [choice, setChoice] = useState<boolean | null>(null);
  const notesId = useId();
  const titleId = useId();
  const trimmed = notes.trim();

  const send = (approved: boolean) => {
    setChoice(approved);
    // The promise, not mutate's callbacks: those are skipped once the decided card has left the list.
    decide
      .mutateAsync({ approvalId: approval.id, approved, ...(trimmed === "" ? {} : { notes: trimmed }) })
      .then(
        () => show("success", approvalSuccessToast(approved)),
        (error: unknown) => show("error", approvalFailureToast(error)),
      );
  };

  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      data-testid="approval-card"
    >
      <span id={titleId} className="sr-only">
        {`${approval.shopper.name || "A shopper"} asks for ${formatPercentPoints(approval.requestedDiscountPct)} off`}
      </span>
      <ShopperLine approval={approval} />
      <AskFigures approval={approval} />
      <p className="text-sm">
        <span className="font-medium">Why Ava asks you: </span>
        {approval.escalationReason}
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor={notesId}>Note (optional)</Label>
        <Textarea
          id={notesId}
          value={notes}
          maxLength={NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
          placeholder="Ava passes it on to the shopper"
          aria-describedby={`${notesId}-count`}
          disabled={decide.isPending}
        />
        <p id={`${notesId}-count`} className="text-xs text-muted-foreground">
          {`${notes.length} of ${NOTES_MAX} characters`}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={decide.isPending}
          aria-busy={decide.isPending && choice === false}
          onClick={() => send(false)}
        >
          {decide.isPending && choice === false ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <XIcon aria-hidden="true" />
          )}
          Reject
        </Button>
        <Button
          disabled={decide.isPending}
          aria-busy={decide.isPending && choice === true}
          onClick={() => send(true)}
        >
          {decide.isPending && choice === true ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <CheckIcon aria-hidden="true" />
          )}
          Approve
        </Button>
      </div>
    </li>
  );
}

/** An answered ask, for the record. */
export function DecidedApprovalCard({ approval }: { approval: Approval }) {
  const approved = approval.status === "approved";
  const decidedAt = approval.decidedAt ?? approval.createdAt;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm"
      data-testid="decided-approval-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ShopperLine approval={approval} />
        <Badge variant={approved ? "default" : "secondary"}>{approved ? "Approved" : "Rejected"}</Badge>
      </div>
      <p className="text-sm">
        {`${formatPercentPoints(approval.requestedDiscountPct)} (${formatMoney(approval.requestedDiscountAmount)}) on ${formatMoney(approval.subtotal)}, `}
        <time dateTime={decidedAt} title={formatDateTime(decidedAt)}>
          {`decided ${formatTimeAgo(decidedAt)}`}
        </time>
      </p>
      {approval.notes && <p className="text-sm text-muted-foreground">{`Your note: ${approval.notes}`}</p>}
    </li>
  );
}
