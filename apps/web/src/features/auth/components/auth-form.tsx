import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MIN, SignInSchema, SignUpSchema } from "@haggle/contract/account";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiRequestError } from "@/lib/api-client";
import { AUTH_ERROR_TOAST_ID, useAuthenticate } from "../api/use-authenticate";

type Mode = "sign-in" | "sign-up";
type Field = "name" | "email" | "password";
type AuthFields = Record<Field, string>;

/** The order the form shows its fields in: the first invalid one gets the focus. */
const FIELD_ORDER: readonly Field[] = ["name", "email", "password"];

/** Sign-in checks email and password only; a name typed before switching waits for sign-up. */
const SignInFormSchema = SignInSchema.extend({ name: z.string() });

const GENERIC_AUTH_ERROR = "An error occurred during authentication";

function authErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code !== "HTTP_ERROR" && error.message) return error.message;
  return GENERIC_AUTH_ERROR;
}

interface AuthFormProps {
  /** Where to go once signed in: an already sanitised same-site path. */
  redirectTo: string;
}

/** Sign in / sign up with switch links; sign-up adds Full Name. */
export function AuthForm({ redirectTo }: AuthFormProps) {
  const form = useAuthForm(redirectTo);
  const { isSignUp, isPending } = form;
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">{isSignUp ? "Create your account" : "Sign in to Haggle"}</CardTitle>
        <CardDescription>
          {isSignUp
            ? "Sign up to keep your cart and negotiate prices with Ava."
            : "Welcome back. Sign in to see your cart and negotiate with Ava."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={isPending}>
          <AuthFieldList form={form} />
          {form.formError && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {form.formError}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={isPending}>
            {isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {isSignUp ? "Sign Up" : "Sign In"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <Button
            variant="link"
            className="h-auto p-0 font-normal text-muted-foreground"
            onClick={form.switchMode}
            disabled={isPending}
          >
            {isSignUp ? "Already have an account? " : "Don't have an account? "}
            <span className="font-medium text-primary">{isSignUp ? "Sign in" : "Sign up"}</span>
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}

/** The form's state: its mode, its fields and errors, and the submit that signs in or up. */
function useAuthForm(redirectTo: string) {
  const id = useId();
  const navigate = useNavigate();
  const authenticate = useAuthenticate();
  const [mode, setMode] = useState<Mode>("sign-in");
  const isSignUp = mode === "sign-up";
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<AuthFields>({
    defaultValues: { name: "", email: "", password: "" },
    resolver: zodResolver(isSignUp ? SignUpSchema : SignInFormSchema),
    // Checked on submit only; editing a field clears its message until the next try.
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });

  const field = (name: Field) => register(name, { onChange: () => clearErrors(name) });

  function switchMode() {
    setMode(isSignUp ? "sign-in" : "sign-up");
    clearErrors();
  }

  const onValid = (values: AuthFields) => {
    const request = isSignUp
      ? { mode, email: values.email, password: values.password, name: values.name }
      : { mode, email: values.email, password: values.password };
    authenticate.mutate(request, {
      onSuccess: () => navigate(redirectTo, { replace: true }),
      onError: (error) => {
        const message = authErrorMessage(error);
        setError("root.server", { message });
        toast.error(message, { id: AUTH_ERROR_TOAST_ID });
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<AuthFields>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (authenticate.isPending) return;
    void handleSubmit(onValid, onInvalid)(event);
  }

  const describedBy = (name: Field, hint?: string) =>
    [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(" ") || undefined;

  return {
    id,
    isSignUp,
    isPending: authenticate.isPending,
    errors,
    formError: errors.root?.server?.message,
    field,
    describedBy,
    switchMode,
    onSubmit,
  };
}

/** Full Name (sign-up only), Email and Password, each with its message when the last try failed it. */
function AuthFieldList({ form }: { form: ReturnType<typeof useAuthForm> }) {
  const { id, isSignUp, errors, field, describedBy } = form;
  return (
    <>
      {isSignUp && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>Full Name</Label>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            {...field("name")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            required
          />
          <FieldError id={`${id}-name-error`} error={errors.name} />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...field("email")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email")}
          required
        />
        <FieldError id={`${id}-email-error`} error={errors.email} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete={isSignUp ? "new-password" : "current-password"}
          minLength={PASSWORD_MIN}
          {...field("password")}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password", `${id}-password-hint`)}
          required
        />
        <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
          {`Must be at least ${PASSWORD_MIN} characters`}
        </p>
        {!isSignUp && (
          <p className="text-sm">
            <Button asChild variant="link" className="h-auto p-0 font-normal">
              <Link to="/forgot-password">Forgot password?</Link>
            </Button>
          </p>
        )}
        <FieldError id={`${id}-password-error`} error={errors.password} />
      </div>
    </>
  );
}

/** A field's message, when it has one; the field names it in aria-describedby. */
function FieldError({ id, error }: { id: string; error: { message?: string | undefined } | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  );
}
