import { PASSWORD_MIN, SignInSchema, SignUpSchema } from "@haggle/contract/account";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiRequestError } from "@/lib/api-client";
import { useAuthenticate } from "../api/use-authenticate";

type Mode = "sign-in" | "sign-up";
type Field = "name" | "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;

const GENERIC_AUTH_ERROR = "An error occurred during authentication";

function authErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code !== "HTTP_ERROR" && error.message) return error.message;
  return GENERIC_AUTH_ERROR;
}

function validate(mode: Mode, values: Record<Field, string>): FieldErrors {
  const result =
    mode === "sign-up"
      ? SignUpSchema.safeParse(values)
      : SignInSchema.safeParse({ email: values.email, password: values.password });
  if (result.success) return {};
  const { fieldErrors } = z.flattenError(result.error) as { fieldErrors: Partial<Record<Field, string[]>> };
  return {
    name: fieldErrors.name?.[0],
    email: fieldErrors.email?.[0],
    password: fieldErrors.password?.[0],
  };
}

interface AuthFormProps {
  /** Where to go once signed in: an already sanitised same-site path. */
  redirectTo: string;
}

/** Sign in / sign up with switch links; sign-up adds Full Name. */
export function AuthForm({ redirectTo }: AuthFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const authenticate = useAuthenticate();
  const [mode, setMode] = useState<Mode>("sign-in");
  const [values, setValues] = useState<Record<Field, string>>({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isSignUp = mode === "sign-up";

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function switchMode() {
    setMode(isSignUp ? "sign-in" : "sign-up");
    setErrors({});
    setFormError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (authenticate.isPending) return;
    const fieldErrors = validate(mode, values);
    setErrors(fieldErrors);
    setFormError(null);
    const firstInvalid = (["name", "email", "password"] as const).find((field) => fieldErrors[field]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    const request = isSignUp
      ? { mode, email: values.email, password: values.password, name: values.name.trim() }
      : { mode, email: values.email, password: values.password };
    authenticate.mutate(request, {
      onSuccess: () => navigate(redirectTo, { replace: true }),
      onError: (error) => {
        const message = authErrorMessage(error);
        setFormError(message);
        toast.error(message);
      },
    });
  }

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;

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
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-busy={authenticate.isPending}
        >
          {isSignUp && (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-name`}>Full Name</Label>
              <Input
                id={`${id}-name`}
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={(event) => update("name", event.target.value)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy("name")}
                required
              />
              {errors.name && (
                <p id={`${id}-name-error`} className="text-sm text-destructive">
                  {errors.name}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={(event) => update("email", event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("email")}
              required
            />
            {errors.email && (
              <p id={`${id}-email-error`} className="text-sm text-destructive">
                {errors.email}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete={isSignUp ? "new-password" : "current-password"}
              minLength={PASSWORD_MIN}
              value={values.password}
              onChange={(event) => update("password", event.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy("password", `${id}-password-hint`)}
              required
            />
            <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
              {`Must be at least ${PASSWORD_MIN} characters`}
            </p>
            {errors.password && (
              <p id={`${id}-password-error`} className="text-sm text-destructive">
                {errors.password}
              </p>
            )}
          </div>
          {formError && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {formError}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={authenticate.isPending}>
            {authenticate.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {isSignUp ? "Sign Up" : "Sign In"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <Button
            variant="link"
            className="h-auto p-0 font-normal text-muted-foreground"
            onClick={switchMode}
            disabled={authenticate.isPending}
          >
            {isSignUp ? "Already have an account? " : "Don't have an account? "}
            <span className="font-medium text-primary">{isSignUp ? "Sign in" : "Sign up"}</span>
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
