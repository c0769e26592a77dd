import { zodResolver } from "@hookform/resolvers/zod";
import { ClaimShopSchema } from "@haggle/contract/admin";
import { KeyRoundIcon, LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/error-message";
import { useRoleActions } from "../api/use-roles";

interface ClaimCardProps {
  /** Called once the shop is claimed, so the app can refresh the signed-in session. */
  onClaimed?: () => void;
}

/** A shop with no admin yet: whoever enters the one-time setup code from the start-up log becomes it. */
export function ClaimCard({ onClaimed }: ClaimCardProps) {
  const id = useId();
  const { claim } = useRoleActions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: "" }, resolver: zodResolver(ClaimShopSchema) });
  const message = errors.code?.message ?? errors.root?.server?.message;

  // Awaited rather than mutate's callbacks: the claim refreshes the admin status before it
  // resolves, and the panel then shows the admin's page in place of this card. Callbacks given
  // to mutate are dropped once their component unmounts, so the session was not refreshed.
  const onValid = async ({ code }: { code: string }) => {
    try {
      await claim.mutateAsync(code);
    } catch (error) {
      setError("root.server", { message: errorMessage(error, "The shop could not be claimed.") });
      return;
    }
    toast.success("Shop claimed", { description: "You are now its admin and a merchant." });
    onClaimed?.();
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-lg">
          <KeyRoundIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          Claim this shop
        </CardTitle>
        <CardDescription>
          A new shop has no admin. Entering its one-time setup code here makes your account the admin; it
          works once.
        </CardDescription>
        <p className="text-sm text-muted-foreground">
          Where to find it: in the terminal that runs the server (its standard error), in a box headed "This
          shop has no admin yet", printed at start and again every 10 minutes until the shop is claimed. In
          the JSON log it is the <code className="font-mono">setupCode</code> field.
        </p>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit(onValid)}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex grow flex-col gap-2">
            <Label htmlFor={`${id}-code`}>Setup code</Label>
            <Input
              id={`${id}-code`}
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              {...register("code")}
            />
          </div>
          <Button type="submit" disabled={claim.isPending} aria-busy={claim.isPending}>
            {claim.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            Claim shop
          </Button>
        </form>
        {message && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-destructive">
            {message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
