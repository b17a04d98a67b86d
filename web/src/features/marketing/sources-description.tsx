import { useState } from 'react';
import { useIntl } from 'react-intl';
import { T } from '../../i18n/t';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DescriptionCard } from '../../ui/step-cards';

const EXAMPLE_LOCALES = ['en', 'fr', 'ru'];

/**
 * What the sources step is about (spec: description with example images per language, and a
 * popup comparing last paid click with post click).
 */
export function SourcesDescription() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const locale = EXAMPLE_LOCALES.includes(intl.locale.slice(0, 2)) ? intl.locale.slice(0, 2) : 'en';
  return (
    <DescriptionCard title={<T id="sources.description.title" />}>
      <p>
        <T id="sources.description.text" />
      </p>
      <p>
        <T id="sources.description.models" />
      </p>
      <figure className="sources-example">
        <img src={`/marketing/sources-example-${locale}.svg`} alt={intl.formatMessage({ id: 'sources.description.imageAlt' })} width={740} height={260} loading="lazy" />
        <figcaption className="muted">
          <T id="sources.description.imageCaption" />
        </figcaption>
      </figure>
      {/* A question as long as a sentence in Russian: it wraps on a phone rather than widening the page. */}
      <Button variant="secondary" className="btn-wrap" onClick={() => setOpen(true)}>
        <T id="sources.dedupHelp.open" />
      </Button>
      <Dialog
        open={open}
        title={<T id="sources.dedupHelp.title" />}
        onClose={() => setOpen(false)}
        className="sources-dedup-dialog"
        actions={
          <Button onClick={() => setOpen(false)}>
            <T id="confirmDialog.ok" />
          </Button>
        }
      >
        <p>
          <T id="sources.dedupHelp.intro" />
        </p>
        <table className="sources-compare">
          <caption className="visually-hidden">
            <T id="sources.dedupHelp.title" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">
                  <T id="sources.dedupHelp.aspect" />
                </span>
              </th>
              <th scope="col">
                <T id="sources.dedup.lastPaidClick" />
              </th>
              <th scope="col">
                <T id="sources.dedup.postClick" />
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                <T id="sources.dedupHelp.rule" />
              </th>
              <td>
                <T id="sources.dedupHelp.lastPaidClick.rule" />
              </td>
              <td>
                <T id="sources.dedupHelp.postClick.rule" />
              </td>
            </tr>
            <tr>
              <th scope="row">
                <T id="sources.dedupHelp.example" />
              </th>
              <td>
                <T id="sources.dedupHelp.lastPaidClick.example" />
              </td>
              <td>
                <T id="sources.dedupHelp.postClick.example" />
              </td>
            </tr>
            <tr>
              <th scope="row">
                <T id="sources.dedupHelp.when" />
              </th>
              <td>
                <T id="sources.dedupHelp.lastPaidClick.when" />
              </td>
              <td>
                <T id="sources.dedupHelp.postClick.when" />
              </td>
            </tr>
          </tbody>
        </table>
      </Dialog>
    </DescriptionCard>
  );
}
