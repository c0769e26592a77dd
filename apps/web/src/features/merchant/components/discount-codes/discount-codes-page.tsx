import type { DiscountCode } from "@haggle/contract/discounts";
import { formatMoney } from "@haggle/domain/pricing/money";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/error-message";
import { useDiscountCodes, useSaveDiscountCode } from "../../api/discount-codes-api";
import { DiscountCodeForm } from "./discount-code-form";
import { type CodeForm, EMPTY_FORM, formOf, wireOf } from "./discount-code-form-state";
import { formatShopCount, formatShopDateTime } from "@haggle/domain/markets/shop-formats";

function benefitText(code: DiscountCode): string {
  if (code.kind === "percent") return `${code.percentOff}% off`;
  if (code.kind === "amount") return `${formatMoney(code.amountOff ?? 0)} off`;
  return "Free shipping";
}

function conditionsText(code: DiscountCode): string {
  const parts: string[] = [];
  if (code.minimumSubtotal !== null) parts.push(`from ${formatMoney(code.minimumSubtotal)}`);
  if (code.startsAt) parts.push(`starts ${formatShopDateTime(code.startsAt)}`);
  if (code.endsAt) parts.push(`ends ${formatShopDateTime(code.endsAt)}`);
  if (code.usesPerCustomer !== null) parts.push(`${formatShopCount(code.usesPerCustomer)} per customer`);
  if (code.categories.length > 0) parts.push(`categories: ${code.categories.join(", ")}`);
  if (code.productIds.length > 0) parts.push(`${code.productIds.length} product(s)`);
  if (code.combinesWithNegotiated) parts.push("combines with Ava");
  return parts.join("; ") || "Any cart";
}

function CodesTable(props: {
  codes: DiscountCode[];
  onEdit: (code: DiscountCode) => void;
  onToggle: (code: DiscountCode) => void;
  pending: boolean;
}) {
  if (props.codes.length === 0) return <p className="text-muted-foreground">No discount codes yet.</p>;
  return (
    <Table aria-label="Discount codes">
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Discount</TableHead>
          <TableHead>Conditions</TableHead>
          <TableHead>Uses</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.codes.map((code) => (
          <TableRow key={code.id}>
            <TableCell className="font-mono font-medium">{code.code}</TableCell>
            <TableCell>{benefitText(code)}</TableCell>
            <TableCell className="whitespace-normal text-sm text-muted-foreground">
              {conditionsText(code)}
            </TableCell>
            <TableCell>
              {code.usedCount}
              {code.totalUses === null ? "" : ` of ${code.totalUses}`}
            </TableCell>
            <TableCell>{code.active ? "Active" : "Inactive"}</TableCell>
            <TableCell className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => props.onEdit(code)}
                aria-label={`Edit ${code.code}`}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={props.pending}
                onClick={() => props.onToggle(code)}
                aria-label={`${code.active ? "Deactivate" : "Activate"} ${code.code}`}
              >
                {code.active ? "Deactivate" : "Activate"}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The merchant's discount codes: the form to create or edit one, and every code with its uses. */
export function DiscountCodesPage() {
  const codes = useDiscountCodes();
  const save = useSaveDiscountCode();
  const toggle = useSaveDiscountCode();
  const [form, setForm] = useState<CodeForm>(EMPTY_FORM);
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reset = () => {
    setForm(EMPTY_FORM);
    setEditing(null);
    save.reset();
  };
  const submit = () =>
    save.mutate(
      { id: editing?.id ?? null, body: wireOf(form) },
      {
        onSuccess: (saved) => {
          setNotice(editing ? `Saved ${saved.code}.` : `Created ${saved.code}.`);
          reset();
        },
      },
    );
  if (codes.isPending) return <Spinner aria-label="Loading discount codes" className="py-24" />;
  if (codes.isError)
    return (
      <p role="alert" className="py-12 text-center text-destructive">
        {errorMessage(codes.error, "The discount codes could not be loaded. Please try again.")}
      </p>
    );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Discount codes</h1>
        <p className="text-muted-foreground">
          Codes shoppers enter on the cart: one per order. By default a shopper with a price agreed with Ava
          gets the better of the two, never both.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit ${editing.code}` : "New code"}</CardTitle>
        </CardHeader>
        <CardContent>
          <DiscountCodeForm
            form={form}
            onChange={setForm}
            onSubmit={submit}
            onCancel={editing ? reset : null}
            editing={editing?.code ?? null}
            pending={save.isPending}
            error={
              save.isError ? errorMessage(save.error, "The code could not be saved. Please try again.") : null
            }
          />
        </CardContent>
      </Card>
      <p role="status" className="text-sm">
        {notice ?? ""}
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Codes</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {toggle.isError ? (
            <p role="alert" className="mb-2 text-sm text-destructive">
              {errorMessage(toggle.error, "The code could not be changed. Please try again.")}
            </p>
          ) : null}
          <CodesTable
            codes={codes.data.items}
            pending={toggle.isPending}
            onEdit={(code) => {
              setEditing(code);
              setForm(formOf(code));
              setNotice(null);
              save.reset();
            }}
            onToggle={(code) =>
              toggle.mutate(
                { id: code.id, body: wireOf({ ...formOf(code), active: !code.active }) },
                {
                  onSuccess: (saved) =>
                    setNotice(`${saved.code} is ${saved.active ? "active" : "inactive"}.`),
                },
              )
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
