import type { TaxRate, TaxSettings } from "@haggle/contract/taxes";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/error-message";
import { useChangeTaxes, useTaxSettings } from "../../api/taxes-api";
import { EMPTY_RATE, type RateForm, TaxRateForm, rateBodyOf, rateFormOf } from "./tax-rate-form";

const placeOf = (rate: Pick<TaxRate, "country" | "region">) =>
  rate.region ? `${rate.country}-${rate.region}` : rate.country;

/** The shop's two choices: tax included in prices or added, and rates by place or one rate everywhere. */
function ChoicesForm({ settings }: { settings: TaxSettings }) {
  const change = useChangeTaxes();
  const [included, setIncluded] = useState(settings.pricesIncludeTax);
  const [byPlace, setByPlace] = useState(settings.byPlace);
  const [saved, setSaved] = useState<string | null>(null);
  const name = useId();
  const byPlaceId = useId();
  const save = () =>
    change.mutate(
      { kind: "choices", body: { byPlace, pricesIncludeTax: included } },
      { onSuccess: () => setSaved("Tax settings saved.") },
    );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Prices in the shop</legend>
        {(
          [
            [true, "Include tax (EU/UK style): shoppers see “incl. VAT” and pay the price shown."],
            [false, "Do not include tax (US style): shoppers see “+ tax”, added at checkout."],
          ] as const
        ).map(([value, text]) => (
          <label key={String(value)} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="mt-0.5 size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              checked={included === value}
              onChange={() => setIncluded(value)}
            />
            {text}
          </label>
        ))}
      </fieldset>
      <div className="flex items-start gap-2">
        <Checkbox id={byPlaceId} checked={byPlace} onCheckedChange={setByPlace} className="mt-0.5" />
        <div>
          <Label htmlFor={byPlaceId}>Charge tax by the shipping address (the table below)</Label>
          <p className="text-xs text-muted-foreground">
            Off: every address pays the shop's single rate of {settings.fallbackRatePercent}% (Pricing
            settings). On: that rate applies only where the table has none.
          </p>
        </div>
      </div>
      {change.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(change.error, "The tax settings could not be saved. Please try again.")}
        </p>
      ) : null}
      <p role="status" className="text-sm">
        {saved ?? ""}
      </p>
      <div>
        <Button type="submit" disabled={change.isPending}>
          Save tax settings
        </Button>
      </div>
    </form>
  );
}

function RatesTable(props: {
  rates: TaxRate[];
  pending: boolean;
  onEdit: (rate: TaxRate) => void;
  onReset: (rate: TaxRate) => void;
  onRemove: (rate: TaxRate) => void;
}) {
  if (props.rates.length === 0) return <p className="text-muted-foreground">No rate matches.</p>;
  return (
    <Table aria-label="Tax rates by place">
      <TableHeader>
        <TableRow>
          <TableHead>Place</TableHead>
          <TableHead>Tax</TableHead>
          <TableHead>Rate</TableHead>
          <TableHead>Shipping</TableHead>
          <TableHead>Standard</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rates.map((rate) => {
          const place = placeOf(rate);
          return (
            <TableRow key={place}>
              <TableCell className="font-mono">{place}</TableCell>
              <TableCell>
                {rate.name}
                {rate.replacesCountry ? " (instead of the country's)" : ""}
              </TableCell>
              <TableCell>{rate.ratePercent}%</TableCell>
              <TableCell>{rate.taxShipping ? "Taxed" : "Not taxed"}</TableCell>
              <TableCell>
                {rate.standardRatePercent === null
                  ? "Added by you"
                  : rate.edited
                    ? `Edited (standard ${rate.standardRatePercent}%)`
                    : "Standard"}
              </TableCell>
              <TableCell className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => props.onEdit(rate)}
                  aria-label={`Edit ${place}`}
                >
                  Edit
                </Button>
                {rate.standardRatePercent !== null && rate.edited ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={props.pending}
                    onClick={() => props.onReset(rate)}
                    aria-label={`Reset ${place} to the standard rate`}
                  >
                    Reset
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={props.pending}
                  onClick={() => props.onRemove(rate)}
                  aria-label={`Remove ${place}`}
                >
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The table card: find a place, edit, reset or remove its rate, and the form to add or edit one. */
function RatesCard({ settings }: { settings: TaxSettings }) {
  const change = useChangeTaxes();
  const [form, setForm] = useState<RateForm>(EMPTY_RATE);
  const [editing, setEditing] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [find, setFind] = useState("");
  const findId = useId();
  const wanted = find.trim().toUpperCase();
  const shown = settings.rates.filter(
    (r) => !wanted || placeOf(r).includes(wanted) || r.name.toUpperCase().includes(wanted),
  );
  const done = (sentence: string) => () => {
    setNotice(sentence);
    setForm(EMPTY_RATE);
    setEditing(null);
    setFormError(null);
  };
  const submit = () => {
    const parsed = rateBodyOf(form);
    if ("error" in parsed) return setFormError(parsed.error);
    setFormError(null);
    change.mutate(
      { kind: "rate", body: parsed.body },
      { onSuccess: done(`Saved the rate for ${placeOf(parsed.body)}.`) },
    );
  };
  const place = (r: TaxRate) => ({ country: r.country, region: r.region });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rates by country and region</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <TaxRateForm
          form={form}
          onChange={setForm}
          onSubmit={submit}
          onCancel={editing ? done("") : null}
          pending={change.isPending}
          error={
            formError ??
            (change.isError
              ? errorMessage(change.error, "The rate could not be saved. Please try again.")
              : null)
          }
        />
        <p role="status" className="text-sm">
          {notice ?? ""}
        </p>
        <div className="flex max-w-xs flex-col gap-1.5">
          <Label htmlFor={findId}>Find a place</Label>
          <Input
            id={findId}
            value={find}
            placeholder="DE, US-CA, HST"
            onChange={(e) => setFind(e.currentTarget.value)}
          />
        </div>
        <div className="overflow-x-auto">
          <RatesTable
            rates={shown}
            pending={change.isPending}
            onEdit={(rate) => {
              setEditing(placeOf(rate));
              setForm(rateFormOf(rate));
              setNotice(`Editing ${placeOf(rate)}.`);
            }}
            onReset={(rate) =>
              change.mutate(
                { kind: "reset", body: place(rate) },
                { onSuccess: done(`${placeOf(rate)} is back to the standard rate.`) },
              )
            }
            onRemove={(rate) =>
              change.mutate(
                { kind: "remove", body: place(rate) },
                { onSuccess: done(`Removed the rate for ${placeOf(rate)}.`) },
              )
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings → Taxes: how prices show tax, rates by place, and the table the merchant edits. */
export function TaxesPage() {
  const settings = useTaxSettings();
  if (settings.isPending) return <Spinner aria-label="Loading tax settings" className="py-24" />;
  if (settings.isError)
    return (
      <p role="alert" className="py-12 text-center text-destructive">
        {errorMessage(settings.error, "The tax settings could not be loaded. Please try again.")}
      </p>
    );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Taxes</h1>
        <p className="text-muted-foreground">
          The table starts from standard rates dated {settings.data.standardRatesDated}: EU VAT, UK VAT, US
          state base rates and Canadian GST/HST/PST. It has no reduced rates and no US local taxes; check
          yours and edit them. This is not tax advice.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>How prices show tax</CardTitle>
        </CardHeader>
        <CardContent>
          <ChoicesForm settings={settings.data} />
        </CardContent>
      </Card>
      <RatesCard settings={settings.data} />
    </div>
  );
}
