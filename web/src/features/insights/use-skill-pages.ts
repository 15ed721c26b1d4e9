import { useApolloClient, useQuery } from "@apollo/client/react";
import { useState } from "react";
import type { InsightSkillsQuery } from "../../gql/graphql";
import { INSIGHT_SKILLS } from "./insight-documents";
import { pagesShown, skillsPerPage } from "./insight-series";

export type SkillInsightRow = InsightSkillsQuery["skillInsights"][number];

/**
 * The insights' skills, a page at a time (CT-3): the first page, then each "load more" appends the next one. The
 * caller keys the component by range: a new range starts again from the first page.
 */
export function useSkillPages(range: { from: number; to: number; bucket: string; bucketMs: number }) {
  const per = skillsPerPage(Math.ceil((range.to - range.from) / range.bucketMs));
  const variables = {
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    bucket: range.bucket,
    first: per + 1,
  };
  const first = useQuery(INSIGHT_SKILLS, { variables: { ...variables, after: null } });
  const client = useApolloClient();
  const [more, setMore] = useState<SkillInsightRow[][]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const pages = first.data ? [first.data.skillInsights, ...more] : [];
  const { shown, after } = pagesShown(pages, per);

  async function loadMore() {
    if (after === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const { data } = await client.query({ query: INSIGHT_SKILLS, variables: { ...variables, after } });
      if (data) setMore((pages) => [...pages, data.skillInsights]);
      setMoreError(null);
    } catch (e) {
      setMoreError(e);
    } finally {
      setLoadingMore(false);
    }
  }

  return { first, per, shown, hasMore: after !== null, loadMore, loadingMore, moreError };
}
