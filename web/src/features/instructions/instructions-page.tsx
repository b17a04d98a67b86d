import { useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router-dom';
import { isInstructionStep, type InstructionStep } from 'shared/domain/integration';
import { T } from '../../i18n/t';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { HelpCard } from '../../ui/step-cards';
import { StepCompletionCard } from '../../ui/step-completion';
import { en } from './content/en';
import { fr } from './content/fr';
import { ru } from './content/ru';
import type { Block, InstructionLibrary } from './content/types';
import './instructions.css';

const LIBRARIES: Record<string, InstructionLibrary> = { en, fr, ru };

/** /instructions/{name}: how to connect one data platform, and the step's confirmation. */
export default function InstructionsPage() {
  const { name } = useParams();
  const intl = useIntl();
  // The page table already sends unknown names to /dashboard; this keeps the page safe on its own.
  if (!name || !isInstructionStep(name as never)) return <Navigate to="/dashboard" replace />;
  const step = name as InstructionStep;
  const content = (LIBRARIES[intl.locale.slice(0, 2)] ?? en)[step];
  return (
    <div className="page instructions">
      <PageHeading>
        <p className="lead">{content.description}</p>
      </PageHeading>
      <div className="instructions-layout">
        <Card className="instructions-content">
          {content.blocks.map((block, i) => (
            <ContentBlock key={i} block={block} />
          ))}
        </Card>
        <aside className="instructions-side">
          <InstructionStatus step={step} />
          <HelpCard />
        </aside>
      </div>
    </div>
  );
}

function ContentBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'title':
      return <h2>{block.text}</h2>;
    case 'text':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'file':
      return (
        <p className="instructions-file">
          <a href={block.href} download>
            {block.label}
          </a>{' '}
          <span className="muted">— {block.note}</span>
        </p>
      );
    case 'image':
      return (
        <figure className="instructions-figure">
          <img src={block.src} alt={block.alt} loading="lazy" />
          <figcaption className="muted">{block.caption}</figcaption>
        </figure>
      );
    case 'table':
      return (
        // Focusable so a keyboard can scroll a wide table on a phone.
        <div className="table-scroll" tabIndex={0} role="region" aria-label={block.caption}>
          <table className="instructions-table">
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, i) => (i === 0 ? <th key={i} scope="row"><code>{cell}</code></th> : <td key={i}>{cell}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <figure className="instructions-code">
          <figcaption className="muted">{block.caption}</figcaption>
          <pre tabIndex={0}>
            <code>{block.code}</code>
          </pre>
        </figure>
      );
  }
}

/** The status component: confirming by e-mail completes the step and notifies the integration team. */
function InstructionStatus({ step }: { step: InstructionStep }) {
  return (
    <StepCompletionCard
      step={step}
      texts={{ unknown: 'instructions.status.unknown', notPart: 'instructions.status.notPart', notPartText: 'instructions.status.notPartText', done: 'instructions.status.done', doneText: 'instructions.status.doneText' }}
      todo={{ label: 'instructions.confirm', text: <T id="instructions.confirmText" /> }}
    />
  );
}
