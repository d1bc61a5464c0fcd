import { MissionVision, Team, Values } from "~/components/site/about/about-sections";
import { PageHero } from "~/components/site/page-hero";
import { StatList } from "~/components/site/stat-list";
import { aboutHero, aboutMeta, aboutMission, aboutTeam, aboutValues } from "~/content/about";
import { aboutNumbers } from "~/content/figures";
import { pageMetaFor } from "~/lib/page-meta";
import { siteOf } from "~/lib/site-context";
import type { Route } from "./+types/sobre";

export default function AboutPage() {
  return (
    <>
      <PageHero {...aboutHero} />
      <MissionVision {...aboutMission} />
      <Values {...aboutValues} />
      <StatList {...aboutNumbers} />
      <Team {...aboutTeam} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor("/sobre", aboutMeta, siteOf(matches));
