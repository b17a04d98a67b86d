import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { validate, type StageConfig } from '../../lib/config';
import { acknowledgeNagFindings, addNagChecks } from '../../lib/nag';
import { createPortal, portalAppContext } from '../../lib/portal';
import { fixture, testConfig } from './support';

/**
 * cdk-nag's AwsSolutions pack over the whole app (lib/nag.ts): no error may be left
 * unacknowledged, and every acknowledgement carries its reason (cdk-nag refuses one without).
 * Synthesised without bundling, like the other infra tests.
 */
interface Finding {
  stack: string;
  rule: string;
  resource: string;
  compliance: string;
  level: string;
}

function nag(config: StageConfig): { findings: Finding[]; reports: string[]; failure?: string } {
  const app = new App({
    context: { ...portalAppContext, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const portal = createPortal(app, config, { resolveEntry: () => fixture('absent-handler.ts'), webDist: fixture('web-dist') });
  acknowledgeNagFindings(portal, config);
  addNagChecks(app);
  let outdir: string;
  try {
    outdir = app.synth().directory;
  } catch (error) {
    // Error annotations fail the synthesis; the message lists them.
    return { findings: [], reports: [], failure: (error as Error).message };
  }
  // cdk-nag's CSV report per stack: one row per rule and resource, compliant, non-compliant or suppressed.
  const findings: Finding[] = [];
  const reports = readdirSync(outdir).filter((f) => /^AwsSolutions-.*-NagReport\.csv$/.test(f));
  for (const file of reports) {
    const rows = readFileSync(path.join(outdir, file), 'utf8').trim().split('\n').slice(1);
    for (const row of rows) {
      const cells = [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!);
      findings.push({ stack: file, rule: cells[0]!, resource: cells[1]!, compliance: cells[2]!, level: cells[4]! });
    }
  }
  return { findings, reports };
}

const devLike = validate(
  { ...testConfig, stage: 'dev', certificateArn: undefined, retainData: false, alarmEmail: 'oncall@team.test' },
  { allowPlaceholders: true },
);

describe.each([
  ['the production-like test stage', testConfig],
  ['a dev stage (no certificate, data destroyed with the stack)', devLike],
])('cdk-nag AwsSolutions on %s', (_name, config) => {
  const result = nag(config);

  it('synthesises with no unacknowledged error', () => {
    expect(result.failure).toBeUndefined();
    const open = result.findings.filter((f) => f.compliance === 'Non-Compliant' && f.level === 'Error');
    expect(open).toEqual([]);
  });

  it('checked every stack and acknowledged findings only with a reason', () => {
    expect(result.reports).toHaveLength(7);
    expect(result.findings.some((f) => f.compliance === 'Suppressed')).toBe(true);
  });
});
