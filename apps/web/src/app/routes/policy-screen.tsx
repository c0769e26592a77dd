import { isPolicyKind } from "@haggle/domain/policies/policy-pages";
import { useParams } from "react-router";
import { PageHead } from "@/components/seo/page-head";
import { Spinner } from "@/components/ui/spinner";
import { usePolicyPage } from "@/features/policies/api/use-policies";
import { PolicyArticle } from "@/features/policies/components/policy-article";
import { errorMessage } from "@/lib/error-message";
import { NotFoundScreen } from "./not-found-screen";

/** /policies/<kind>: a page the merchant wrote (shipping, returns, warranty, FAQ). */
export function PolicyScreen() {
  const { kind = "" } = useParams();
  const page = usePolicyPage(kind);
  if (!isPolicyKind(kind)) return <NotFoundScreen />;
  if (page.isPending) return <Spinner aria-label="Loading page" className="py-24" />;
  if (page.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-center" role="alert">
        <p className="text-lg font-semibold">This page could not be loaded.</p>
        <p className="text-muted-foreground">{errorMessage(page.error, "Please try again in a moment.")}</p>
      </div>
    );
  }
  if (page.data === null) return <NotFoundScreen />;
  return (
    <>
      <PageHead
        title={`${page.data.title} · Haggle`}
        description={`The shop's ${page.data.title.toLowerCase()} policy.`}
        canonicalPath={page.data.path}
      />
      <PolicyArticle page={page.data} />
    </>
  );
}
