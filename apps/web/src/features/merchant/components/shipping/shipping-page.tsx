import type { ShippingMethod, ShippingZone } from "@haggle/contract/shipping";
import { formatMoney } from "@haggle/domain/pricing/money";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/error-message";
import { useChangeShipping, useShippingSettings } from "../../api/shipping-api";
import { ZoneForm } from "./zone-form";
import { EMPTY_ZONE, type ZoneForm as ZoneFormState, zoneBodyOf, zoneFormOf } from "./zone-form-state";

function placesText(zone: ShippingZone): string {
  return zone.places
    .map((p) => {
      const narrowed = [...(p.regions ?? []), ...(p.postalPrefixes ?? []).map((x) => `${x}…`)];
      const country = p.country === "*" ? "Everywhere else" : p.country;
      return narrowed.length > 0 ? `${country} (${narrowed.join(", ")})` : country;
    })
    .join(", ");
}

function methodText(m: ShippingMethod): string {
  const price =
    m.price.kind === "flat"
      ? formatMoney(m.price.amount)
      : m.price.kind === "weight"
        ? `${m.price.bands.length} weight band(s)`
        : `${m.price.bands.length} order value band(s)`;
  const free = m.freeOver === null ? "" : `, free over ${formatMoney(m.freeOver)}`;
  return `${m.name}: ${price}${free}, ${m.days.min}–${m.days.max} days`;
}

function ZonesTable(props: {
  zones: ShippingZone[];
  pending: boolean;
  onEdit: (zone: ShippingZone) => void;
  onRemove: (zone: ShippingZone) => void;
}) {
  if (props.zones.length === 0)
    return (
      <p className="text-muted-foreground">
        No zones yet: every order pays the flat fee, free over the threshold (Settings → Pricing).
      </p>
    );
  return (
    <Table aria-label="Shipping zones">
      <TableHeader>
        <TableRow>
          <TableHead>Zone</TableHead>
          <TableHead>Ships to</TableHead>
          <TableHead>Methods</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.zones.map((zone) => (
          <TableRow key={zone.id}>
            <TableCell className="font-medium">{zone.name}</TableCell>
            <TableCell className="whitespace-normal">{placesText(zone)}</TableCell>
            <TableCell className="whitespace-normal text-sm text-muted-foreground">
              <ul>
                {zone.methods.map((m) => (
                  <li key={m.id}>{methodText(m)}</li>
                ))}
              </ul>
            </TableCell>
            <TableCell className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => props.onEdit(zone)}
                aria-label={`Edit ${zone.name}`}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={props.pending}
                onClick={() => props.onRemove(zone)}
                aria-label={`Remove ${zone.name}`}
              >
                Remove
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What the merchant should know: products without a weight, and the zones' problems. */
function ShippingNotes({
  productsWithoutWeight,
  problems,
}: {
  productsWithoutWeight: number;
  problems: string[];
}) {
  return (
    <>
      {productsWithoutWeight > 0 ? (
        <Notice data-testid="products-without-weight">
          {productsWithoutWeight === 1
            ? "1 product has a variant without a weight: it counts as 0 g in weight bands."
            : `${productsWithoutWeight} products have a variant without a weight: they count as 0 g in weight bands.`}
        </Notice>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="list-disc pl-5 text-sm text-destructive">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The zone being written (new or edited), its save, and the sentence saying what happened. */
function useZoneEditor() {
  const save = useChangeShipping();
  const [form, setForm] = useState<ZoneFormState>(EMPTY_ZONE);
  const [editing, setEditing] = useState<ShippingZone | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reset = () => {
    setForm(EMPTY_ZONE);
    setEditing(null);
    setFormError(null);
    save.reset();
  };
  const submit = () => {
    const checked = zoneBodyOf(form);
    if ("error" in checked) {
      setFormError(checked.error);
      return;
    }
    setFormError(null);
    save.mutate(
      editing
        ? { kind: "update", id: editing.id, body: checked.body }
        : { kind: "create", body: checked.body },
      {
        onSuccess: () => {
          setNotice(editing ? `Saved ${checked.body.name}.` : `Added ${checked.body.name}.`);
          reset();
        },
      },
    );
  };
  const edit = (zone: ShippingZone) => {
    setEditing(zone);
    setForm(zoneFormOf(zone));
    setNotice(null);
    setFormError(null);
    save.reset();
  };
  return { save, form, setForm, editing, formError, notice, setNotice, reset, submit, edit };
}

/** Settings → Shipping: the zones the shop ships to and their methods; none keeps the flat fee. */
export function ShippingPage() {
  const settings = useShippingSettings();
  const { save, form, setForm, editing, formError, notice, setNotice, reset, submit, edit } = useZoneEditor();
  const remove = useChangeShipping();
  if (settings.isPending) return <Spinner aria-label="Loading shipping zones" className="py-24" />;
  if (settings.isError)
    return (
      <p role="alert" className="py-12 text-center text-destructive">
        {errorMessage(settings.error, "The shipping zones could not be loaded. Please try again.")}
      </p>
    );
  const { zones, problems, productsWithoutWeight } = settings.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Shipping</h1>
        <p className="text-muted-foreground">
          Zones say where you ship and how: each has methods priced flat, by the order's weight or by its
          value, with a delivery estimate. Shoppers choose among the methods serving their address; an address
          no zone serves cannot check out.
        </p>
      </div>
      <ShippingNotes productsWithoutWeight={productsWithoutWeight} problems={problems} />
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit ${editing.name}` : "New zone"}</CardTitle>
        </CardHeader>
        <CardContent>
          <ZoneForm
            form={form}
            onChange={setForm}
            onSubmit={submit}
            onCancel={editing ? reset : null}
            pending={save.isPending}
            error={
              formError ??
              (save.isError
                ? errorMessage(save.error, "The zone could not be saved. Please try again.")
                : null)
            }
          />
        </CardContent>
      </Card>
      <p role="status" className="text-sm">
        {notice ?? ""}
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Zones</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {remove.isError ? (
            <p role="alert" className="mb-2 text-sm text-destructive">
              {errorMessage(remove.error, "The zone could not be removed. Please try again.")}
            </p>
          ) : null}
          <ZonesTable
            zones={zones}
            pending={remove.isPending}
            onEdit={edit}
            onRemove={(zone) =>
              remove.mutate(
                { kind: "remove", id: zone.id },
                { onSuccess: () => setNotice(`Removed ${zone.name}.`) },
              )
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
