import { zodResolver } from "@hookform/resolvers/zod";
import { GrantRoleSchema, type RoleName, type RolesOverview } from "@haggle/contract/admin";
import { LoaderCircleIcon, UsersIcon } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { useRoleActions, useRoles } from "../api/use-roles";

const SOURCE_LABEL: Record<string, string> = {
  claim: "claimed with the setup code",
  admin: "granted by an admin",
  demo: "granted in demo mode",
};

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Who holds which role, a form to grant one, revoke buttons, and the audit of every change. */
export function RolesCard() {
  const id = useId();
  const roles = useRoles(true);
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="md:col-span-2 xl:col-span-3">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-lg">
          <UsersIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          Roles
        </CardTitle>
        <CardDescription>
          Merchants open the merchant area; admins use this page. Every grant and revocation is recorded
          below.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <GrantRoleForm />
        {roles.isPending ? (
          <Spinner aria-label="Loading the roles" className="py-8" />
        ) : roles.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(roles.error, "The roles could not be loaded.")}
          </p>
        ) : (
          <RolesLists overview={roles.data} />
        )}
      </CardContent>
    </Card>
  );
}

function GrantRoleForm() {
  const id = useId();
  const { grant } = useRoleActions();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ email: string; role: RoleName }>({
    defaultValues: { email: "", role: "merchant" },
    resolver: zodResolver(GrantRoleSchema),
  });
  const message = errors.email?.message ?? errors.root?.server?.message;
  const onValid = (values: { email: string; role: RoleName }) =>
    grant.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.alreadyAssigned ? "Role already held" : "Role granted", {
          description: `${values.email}: ${values.role}`,
        });
        reset({ email: "", role: values.role });
      },
      onError: (error) =>
        setError("root.server", { message: errorMessage(error, "The role could not be granted.") }),
    });
  return (
    <form
      noValidate
      aria-label="Grant a role"
      onSubmit={handleSubmit(onValid)}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex grow flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Account e-mail</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          {...register("email")}
        />
      </div>
      <div className="flex flex-col gap-2 sm:w-40">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect id={`${id}-role`} {...register("role")}>
          <option value="merchant">merchant</option>
          <option value="admin">admin</option>
        </NativeSelect>
      </div>
      <Button type="submit" disabled={grant.isPending} aria-busy={grant.isPending}>
        {grant.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        Grant role
      </Button>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:basis-full">
          {message}
        </p>
      )}
    </form>
  );
}

const SECTION_LABEL: Record<string, string> = {
  negotiation_limits: "Negotiation limits",
  tier_benefits: "Tier benefits",
  escalation_rules: "Escalation rules",
  global_rules: "Global rules",
  pricing: "Shipping and tax",
  agents: "AI agents",
};

/** The merchant settings demo mode's visitors had changed, put back when it ended. */
function DemoSettingsResetNotice({ reset }: { reset: NonNullable<RolesOverview["demoSettingsReset"]> }) {
  return (
    <section aria-label="Settings reset after demo mode" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Settings reset after demo mode</h3>
      <p className="text-sm text-muted-foreground">
        When demo mode ended (<time dateTime={reset.at}>{when(reset.at)}</time>), the settings its visitors
        had changed were put back:
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {reset.sections.map((s) => (
          <li key={s.section}>
            <span className="font-medium">{SECTION_LABEL[s.section] ?? s.section}</span>{" "}
            {s.restoredTo === "defaults" ? "back to the defaults" : "back to what an admin had saved"}{" "}
            <span className="text-muted-foreground">(changed by {s.changedBy.join(", ")})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RolesLists({ overview }: { overview: RolesOverview }) {
  const { revoke } = useRoleActions();
  return (
    <>
      <section aria-label="Role holders" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Role holders</h3>
        {overview.configuredAdmins.length > 0 && (
          <p className="text-sm text-muted-foreground">
            Admins by configuration (ADMIN_EMAILS): {overview.configuredAdmins.join(", ")}. Each is admin once
            its e-mail address is verified.
          </p>
        )}
        {overview.holders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account holds a role yet.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border">
            {overview.holders.map((holder) => (
              <li
                key={`${holder.userId}-${holder.role}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm"
              >
                <span className="min-w-0 grow break-all">
                  <span className="font-medium">{holder.email}</span>{" "}
                  <Badge variant={holder.role === "admin" ? "default" : "secondary"}>{holder.role}</Badge>
                  {!holder.active && (
                    <Badge variant="outline" className="ml-1">
                      ended with demo mode
                    </Badge>
                  )}
                  <span className="block text-muted-foreground">
                    {SOURCE_LABEL[holder.source] ?? holder.source}
                    {holder.grantedBy ? ` (${holder.grantedBy})` : ""}, {when(holder.grantedAt)}
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={`Revoke ${holder.role} from ${holder.email}`}
                  onClick={() =>
                    revoke.mutate(
                      { userId: holder.userId, role: holder.role },
                      {
                        onSuccess: () =>
                          toast.success("Role revoked", { description: `${holder.email}: ${holder.role}` }),
                        onError: (error) =>
                          toast.error("The role could not be revoked", {
                            description: errorMessage(error, ""),
                          }),
                      },
                    )
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {overview.demoSettingsReset && <DemoSettingsResetNotice reset={overview.demoSettingsReset} />}
      <section aria-label="Role changes" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Role changes</h3>
        {overview.audit.length === 0 ? (
          <p className="text-sm text-muted-foreground">No role has changed yet.</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm text-muted-foreground">
            {overview.audit.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at}>{when(entry.at)}</time>:{" "}
                <span className="text-foreground">
                  {entry.action === "grant" ? "granted" : "revoked"} {entry.role}{" "}
                  {entry.action === "grant" ? "to" : "from"} {entry.userEmail}
                </span>{" "}
                by {entry.byEmail ?? "the server"} ({entry.reason})
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
