/**
 * The stage's stacks in the order `cdk deploy --all` deploys them (`infra/cloud/shop-app.ts` builds
 * them: the edge's web ACL, the mail stack, the shop, the flat-rate plan, the edge's logs), with the
 * region of each, so that `npm run deploy` can read every one's state after a failure.
 */
import { type DeploySettings } from '../../common/deploy-settings.ts';
import { mailStackName, stackName } from '../../common/naming.ts';

/** Where CloudFront's web ACLs, plans and log sources are (`EDGE_REGION` of `shop-app.ts`). */
const EDGE_REGION = 'us-east-1';

export interface StageStack {
  readonly name: string;
  readonly region: string;
  /** The shop's own stack (the data): the one the first deploy's protection is about. */
  readonly shop: boolean;
}

/** The stacks `settings` deploys, in deploy order. */
export function stageStacks(settings: Pick<DeploySettings, 'stage' | 'region' | 'sesRegion' | 'edgePlan'>): StageStack[] {
  const name = stackName(settings.stage);
  const edge = settings.edgePlan !== 'none';
  const stacks: StageStack[] = [];
  if (edge) stacks.push({ name: `${name}-Waf`, region: EDGE_REGION, shop: false });
  if (settings.sesRegion !== settings.region) stacks.push({ name: mailStackName(settings.stage), region: settings.sesRegion, shop: false });
  stacks.push({ name, region: settings.region, shop: true });
  if (edge && settings.edgePlan === 'free') stacks.push({ name: `${name}-Plan`, region: EDGE_REGION, shop: false });
  if (edge) stacks.push({ name: `${name}-EdgeLogs`, region: EDGE_REGION, shop: false });
  return stacks;
}
