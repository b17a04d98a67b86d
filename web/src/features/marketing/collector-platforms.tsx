import { COLLECTOR_PLATFORM_CATEGORIES, COLLECTOR_PLATFORMS, platformsOf } from 'shared/domain/collector-platforms';
import { T } from '../../i18n/t';

/**
 * The collector description's platform list (spec: "over 50 collector platforms", 70+ in
 * French): one closed <details> per category so the card stays short on a phone; names are
 * proper nouns, the category names come from the catalogues. The list is
 * shared/domain/collector-platforms.ts, the same one the default-collector seed stores.
 */
export function CollectorPlatformList() {
  return (
    <section className="collector-platforms" aria-labelledby="collector-platforms-title">
      <h3 id="collector-platforms-title" className="collector-platforms-title">
        <T id="collector.platforms.title" values={{ count: COLLECTOR_PLATFORMS.length }} />
      </h3>
      <p className="muted">
        <T id="collector.platforms.text" />
      </p>
      <div className="collector-platform-groups">
        {COLLECTOR_PLATFORM_CATEGORIES.map((category) => {
          const names = platformsOf(category).map((p) => p.name);
          return (
            <details key={category} className="collector-platform-group">
              <summary>
                <T id={`collector.platforms.category.${category}`} /> <span className="muted">({names.length})</span>
              </summary>
              <ul className="collector-platform-names">
                {names.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </details>
          );
        })}
      </div>
    </section>
  );
}
