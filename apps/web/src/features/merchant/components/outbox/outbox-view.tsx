import type { OutboxMessage } from "@haggle/contract/mail";
import { MailIcon } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMediaQuery } from "@/lib/use-media-query";
import { useOutbox } from "../../api/outbox-queries";
import { mailKindLabel, mailStatusLabel, mailStatusSentence } from "../../lib/outbox-labels";
import { Pager } from "../products/products-pager";

export const OUTBOX_PAGE_SIZE = 20;

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

const STATUS_VARIANT = {
  sent: "secondary",
  kept: "outline",
  queued: "outline",
  failed: "destructive",
} as const;

function StatusBadge({ message }: { message: OutboxMessage }) {
  return (
    <Badge variant={STATUS_VARIANT[message.status]} title={mailStatusSentence(message, formatTime)}>
      {mailStatusLabel(message.status)}
    </Badge>
  );
}

interface ListProps {
  messages: readonly OutboxMessage[];
  isBusy: boolean;
  /** Opens the message; `opener` gets the focus back when it closes. */
  onOpen: (message: OutboxMessage, opener: HTMLElement) => void;
}

function OpenButton({ message, onOpen }: { message: OutboxMessage; onOpen: ListProps["onOpen"] }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Read “${message.subject}”`}
      onClick={(event) => onOpen(message, event.currentTarget)}
    >
      <MailIcon aria-hidden="true" />
      Read
    </Button>
  );
}

function OutboxTable({ messages, isBusy, onOpen }: ListProps) {
  return (
    <Table aria-label="E-mails" aria-busy={isBusy}>
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>To</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">E-mail</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {messages.map((message) => (
          <TableRow key={message.id} data-testid="outbox-row">
            <TableCell className="whitespace-nowrap">
              <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
            </TableCell>
            <TableCell className="max-w-56 break-all">{message.to}</TableCell>
            <TableCell className="min-w-56 font-medium">{message.subject}</TableCell>
            <TableCell className="whitespace-nowrap">{mailKindLabel(message.kind)}</TableCell>
            <TableCell>
              <StatusBadge message={message} />
            </TableCell>
            <TableCell className="text-right">
              <OpenButton message={message} onOpen={onOpen} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below 768 px the columns cannot fit: each e-mail is a card. */
function OutboxCards({ messages, isBusy, onOpen }: ListProps) {
  return (
    <ul aria-label="E-mails" aria-busy={isBusy} className="flex flex-col gap-3">
      {messages.map((message) => (
        <li
          key={message.id}
          data-testid="outbox-row"
          className="flex flex-col gap-2 rounded-xl border bg-card p-3 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium">{mailKindLabel(message.kind)}</span>
            <StatusBadge message={message} />
          </div>
          <p className="font-medium">{message.subject}</p>
          <p className="text-sm text-muted-foreground">
            <span className="break-all">{`To ${message.to}`}</span>
            {" · "}
            <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          </p>
          <div className="flex justify-end">
            <OpenButton message={message} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * One e-mail as it was written. The HTML part is shown in a sandboxed frame (no scripts, no
 * forms, no access to this page), the plain-text part as text.
 */
function MessageDialog({
  message,
  onClose,
  returnFocus,
}: {
  message: OutboxMessage | null;
  onClose: () => void;
  /** The button that opened it, focused again on close (the list may have re-rendered meanwhile). */
  returnFocus: () => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      {message && (
        <DialogContent
          className="max-w-3xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="leading-snug">{message.subject}</DialogTitle>
            <DialogDescription>{mailStatusSentence(message, formatTime)}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">To</dt>
            <dd className="break-all">{message.to}</dd>
            <dt className="text-muted-foreground">Kind</dt>
            <dd>{mailKindLabel(message.kind)}</dd>
            <dt className="text-muted-foreground">Written</dt>
            <dd>
              <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
            </dd>
            {message.lastError && (
              <>
                <dt className="text-muted-foreground">Last error</dt>
                <dd className="break-all text-destructive">{message.lastError}</dd>
              </>
            )}
          </dl>
          <Tabs defaultValue="html" className="flex flex-col gap-3">
            <TabsList>
              <TabsTrigger value="html">E-mail</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
            <TabsContent value="html">
              <iframe
                title={`The e-mail “${message.subject}”`}
                sandbox=""
                referrerPolicy="no-referrer"
                srcDoc={message.html}
                data-testid="outbox-html"
                className="h-[60dvh] w-full rounded-md border bg-white"
              />
            </TabsContent>
            <TabsContent value="text">
              <pre
                data-testid="outbox-text"
                className="max-h-[60dvh] overflow-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap break-words"
              >
                {message.text}
              </pre>
            </TabsContent>
          </Tabs>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** /merchant/outbox: every e-mail the shop wrote, newest first; open one to read it. */
export function OutboxView() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const outbox = useOutbox({ page, pageSize: OUTBOX_PAGE_SIZE });
  const isWide = useMediaQuery("(min-width: 768px)");

  let body: ReactNode;
  if (outbox.isPending) {
    body = <Spinner aria-label="Loading e-mails" className="py-24" />;
  } else if (outbox.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The outbox could not be loaded.</p>
        <Button onClick={() => void outbox.refetch()}>Try again</Button>
      </div>
    );
  } else if (outbox.data.items.length === 0) {
    body = <p className="rounded-xl border p-8 text-center text-muted-foreground">No e-mails yet.</p>;
  } else {
    const list = outbox.data;
    const onOpen = (message: OutboxMessage, from: HTMLElement) => {
      opener.current = from;
      setOpen(message);
    };
    const props = { messages: list.items, isBusy: outbox.isFetching, onOpen };
    body = (
      <>
        {isWide ? <OutboxTable {...props} /> : <OutboxCards {...props} />}
        <Pager page={list.page} pageSize={list.pageSize} total={list.total} noun="e-mails" onPage={setPage} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Outbox</h1>
        <p className="text-muted-foreground">
          Order confirmations, new-order notices and shipping, cancellation and refund e-mails.
        </p>
      </div>
      {outbox.data?.delivery === "keep" && (
        <Notice data-testid="outbox-kept-notice">
          No mail server is configured, so e-mails are kept here instead of sent. Set SMTP_URL to send them.
        </Notice>
      )}
      {body}
      <MessageDialog
        message={open}
        onClose={() => setOpen(null)}
        returnFocus={() => opener.current?.focus()}
      />
    </div>
  );
}
