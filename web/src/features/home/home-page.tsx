import { T } from '../../i18n/t';
import { bookDemoUrl, externalLinkProps, learnMoreUrl } from '../../lib/site-links';

const LEARN_MORE_URL = learnMoreUrl();
const BOOK_DEMO_URL = bookDemoUrl();

const steps = [
  { title: 'home.step1.title', text: 'home.step1.text', icon: 'M4 18V10M10 18V6M16 18v-5M22 18H2' },
  { title: 'home.step2.title', text: 'home.step2.text', icon: 'M4 6h16M4 12h10M4 18h6' },
  { title: 'home.step3.title', text: 'home.step3.text', icon: 'M5 12.5l4.5 4.5L19 7.5' },
] as const;

export default function HomePage() {
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">
            <T id="home.eyebrow" />
          </p>
          <h1 className="hero-title">
            <T id="home.title" />
          </h1>
          <p className="hero-lead">
            <T id="home.lead" />
          </p>
          <div className="hero-actions">
            <a className="btn btn-primary btn-lg" href={BOOK_DEMO_URL} {...externalLinkProps(BOOK_DEMO_URL)}>
              <T id="home.bookDemo" />
            </a>
            <a className="btn btn-secondary btn-lg" href={LEARN_MORE_URL} {...externalLinkProps(LEARN_MORE_URL)}>
              <T id="home.learnMore" />
            </a>
          </div>
        </div>
        <div className="hero-visual" aria-hidden="true">
          <div className="hero-card">
            <div className="hero-card-row">
              <span className="dot dot-success" />
              <span className="bar w-60" />
            </div>
            <div className="hero-card-row">
              <span className="dot dot-success" />
              <span className="bar w-80" />
            </div>
            <div className="hero-card-row">
              <span className="dot dot-warning" />
              <span className="bar w-40" />
            </div>
            <div className="hero-progress">
              <span style={{ width: '72%' }} />
            </div>
          </div>
        </div>
      </section>
      <section id="how-it-works" className="how" aria-labelledby="how-title">
        <h2 id="how-title">
          <T id="home.howItWorks" />
        </h2>
        <ol className="how-grid">
          {steps.map((step, index) => (
            <li key={step.title} className="card how-card">
              <span className="how-icon" aria-hidden="true">
                <svg viewBox="0 0 24 24">
                  <path d={step.icon} />
                </svg>
              </span>
              <span className="how-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <T id={step.title} />
              </h3>
              <p className="muted">
                <T id={step.text} />
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
