import {
  CheckCircleIcon,
  DatabaseIcon,
  LoaderCircleIcon,
  type LucideIcon,
  SparklesIcon,
  StoreIcon,
} from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { AdminStatus } from "../api/admin-api";
import { useAdminActions } from "../api/use-admin-actions";
import { useAdminStatus } from "../api/use-admin-status";
import { useShopMode } from "../api/use-shop-mode";
import { ClaimCard } from "./claim-card";
import { RolesCard } from "./roles-card";
import {
  assignMerchantFailureToast,
  assignMerchantSuccessToast,
  embeddingStatus,
  embeddingsFailureToast,
  isForbidden,
  seedFailureToast,
  type ToastContent,
} from "../lib/admin-feedback";

function showError({ title, description }: ToastContent) {
  toast.error(title, description === undefined ? undefined : { description });
}

function showSuccess({ title, description }: ToastContent) {
  toast.success(title, description === undefined ? undefined : { description });
}

interface AdminPanelProps {
  /** Called once the merchant role is granted (or the shop claimed), so the app can refresh the session. */
  onMerchantAssigned?: () => void;
}

export function AdminPanel({ onMerchantAssigned }: AdminPanelProps) {
  const status = useAdminStatus();
  const demoMode = useShopMode();

  let body: ReactNode;
  if (status.isPending) {
    body = <Spinner aria-label="Loading the admin status" className="py-24" />;
  } else if (isForbidden(status.error)) {
    body = (
      <>
        <p role="alert" className="rounded-xl border bg-card p-6 text-muted-foreground">
          Only the shop's administrators can use this page: the accounts in ADMIN_EMAILS, the account that
          claimed the shop with its setup code, and those an administrator made admin.
        </p>
        <ClaimCard onClaimed={onMerchantAssigned} />
      </>
    );
  } else {
    body = (
      <>
        {status.isError && (
          <p role="alert" className="text-sm text-destructive">
            The shop's current state could not be loaded; the actions below still work.
          </p>
        )}
        <AdminActions status={status.data} onMerchantAssigned={onMerchantAssigned} />
        <RolesCard />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Admin Panel</h1>
        <p className="text-muted-foreground">
          {`Set up ${demoMode ? "the demo shop" : "the shop"}: its catalogue, your merchant access and AI search.`}
        </p>
      </div>
      {body}
    </div>
  );
}

interface AdminActionsProps {
  status: AdminStatus | undefined;
  onMerchantAssigned: (() => void) | undefined;
}

function AdminActions({ status, onMerchantAssigned }: AdminActionsProps) {
  const { seed, assignMerchant, embed } = useAdminActions();
  const embeddings = status ? embeddingStatus(status.missingEmbeddings) : null;

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      <ActionCard
        icon={DatabaseIcon}
        title="Seed Database"
        description="Creates the catalogue of 180 products and the seller configuration. Running it again duplicates nothing."
        state={status ? <p>{`${status.products} products in the shop`}</p> : null}
        label="Seed Database"
        pending={seed.isPending}
        onClick={() =>
          seed.mutate(undefined, {
            onSuccess: (result) => toast.success(result.message),
            onError: (error) => showError(seedFailureToast(error)),
          })
        }
      />
      <ActionCard
        icon={StoreIcon}
        title="Assign Merchant Role"
        description="Grants your account the merchant role, which opens the merchant area (/merchant)."
        state={
          status?.merchant ? (
            <p>
              Your account is a merchant.{" "}
              <Link to="/merchant" className="font-medium text-foreground underline underline-offset-4">
                Open the merchant area
              </Link>
            </p>
          ) : status ? (
            <p>Your account is not a merchant yet.</p>
          ) : null
        }
        label="Assign Merchant Role"
        pending={assignMerchant.isPending}
        onClick={() =>
          assignMerchant.mutate(undefined, {
            onSuccess: (result) => {
              showSuccess(assignMerchantSuccessToast(result.alreadyAssigned));
              onMerchantAssigned?.();
            },
            onError: (error) => showError(assignMerchantFailureToast(error)),
          })
        }
      />
      <ActionCard
        icon={SparklesIcon}
        title="Initialize AI Search"
        description="Generates vector embeddings for the products that lack one, so search understands meaning, not only words."
        state={
          embeddings === null ? null : embeddings.ready ? (
            <p className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
              <CheckCircleIcon aria-hidden="true" className="size-5 shrink-0" />
              <span>{embeddings.text}</span>
            </p>
          ) : (
            <div className="flex flex-col gap-2">
              <p>{embeddings.text}</p>
              {status && status.products > 0 && (
                <progress
                  data-testid="admin-embedding-progress"
                  aria-label={`${status.products - status.missingEmbeddings} of ${status.products} products embedded`}
                  className="h-2 w-full accent-primary"
                  value={status.products - status.missingEmbeddings}
                  max={status.products}
                />
              )}
            </div>
          )
        }
        label="Initialize AI Search"
        pending={embed.isPending}
        onClick={() =>
          embed.mutate(undefined, {
            onSuccess: (result) => toast.success(result.message),
            onError: (error) => showError(embeddingsFailureToast(error)),
          })
        }
      />
    </div>
  );
}

interface ActionCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the shop looks like now, for this action; null while unknown. */
  state: ReactNode;
  label: string;
  pending: boolean;
  onClick: () => void;
}

function ActionCard({ icon: Icon, title, description, state, label, pending, onClick }: ActionCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  const stateId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          {title}
        </CardTitle>
        <CardDescription id={descriptionId}>{description}</CardDescription>
      </CardHeader>
      <CardContent id={stateId} aria-live="polite" className="grow text-sm text-muted-foreground">
        {state}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full sm:w-auto"
          disabled={pending}
          aria-busy={pending}
          aria-describedby={`${descriptionId} ${stateId}`}
          onClick={onClick}
        >
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {label}
        </Button>
      </CardFooter>
    </Card>
  );
}
