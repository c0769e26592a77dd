import type { Approval } from "@haggle/contract/negotiation";
import { InboxIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useApprovals } from "../../api/approvals-queries";
import { useClockTick } from "../../hooks/approvals-clock";
import { DecidedApprovalCard, PendingApprovalCard } from "./approvals-card";

function ListState({
  query,
  what,
  empty,
  children,
}: {
  query: ReturnType<typeof useApprovals>;
  what: string;
  empty: ReactNode;
  children: (approvals: Approval[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner aria-label={`Loading ${what}`} className="py-16" />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">{`The ${what} could not be loaded.`}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  if (query.data.length === 0) return empty;
  return children(query.data);
}

function PendingList() {
  const pending = useApprovals("pending");
  useClockTick();
  return (
    <ListState
      query={pending}
      what="pending approvals"
      empty={
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-16 text-center">
          <InboxIcon className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-medium">No pending approvals</p>
          <p className="max-w-md text-sm text-muted-foreground">
            When a shopper asks Ava for more than she may give on her own, the request appears here at once.{" "}
            <Link to="/merchant/escalation-rules" className="underline underline-offset-4">
              Which asks come to you?
            </Link>
          </p>
        </div>
      }
    >
      {(approvals) => (
        <ul className="flex flex-col gap-4" aria-label="Pending approvals">
          {approvals.map((approval) => (
            <PendingApprovalCard key={approval.id} approval={approval} />
          ))}
        </ul>
      )}
    </ListState>
  );
}

function DecidedList() {
  const approved = useApprovals("approved");
  const rejected = useApprovals("rejected");
  useClockTick();
  if (approved.isPending || rejected.isPending) {
    return <Spinner aria-label="Loading decided approvals" className="py-16" />;
  }
  if (approved.isError || rejected.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The decided approvals could not be loaded.</p>
        <Button onClick={() => void Promise.all([approved.refetch(), rejected.refetch()])}>Try again</Button>
      </div>
    );
  }
  const decided = [...approved.data, ...rejected.data]
    .sort((a, b) => (b.decidedAt ?? b.createdAt).localeCompare(a.decidedAt ?? a.createdAt))
    .slice(0, 50);
  if (decided.length === 0)
    return <p className="py-16 text-center text-muted-foreground">No decided approvals yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Decided approvals">
      {decided.map((approval) => (
        <DecidedApprovalCard key={approval.id} approval={approval} />
      ))}
    </ul>
  );
}

/** /merchant/approvals: the asks Ava passed on, newest first; new ones arrive live. */
export function ApprovalsPage() {
  const pending = useApprovals("pending");
  const count = pending.data?.length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Pending Approvals</h1>
        <p className="text-muted-foreground">
          Discounts above Ava's own limit wait for your answer. She tells the shopper as soon as you decide.
        </p>
      </div>
      <Tabs defaultValue="pending" className="flex flex-col gap-2">
        <TabsList className="sm:w-fit">
          <TabsTrigger value="pending" className="px-4">
            {count === undefined ? "Pending" : `Pending (${count})`}
          </TabsTrigger>
          <TabsTrigger value="decided" className="px-4">
            Decided
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <PendingList />
        </TabsContent>
        <TabsContent value="decided">
          <DecidedList />
        </TabsContent>
      </Tabs>
    </div>
  );
}
