import classes from './components/landing.module.css';
import { ClosingCta } from './components/closing-cta';
import { ComparisonSection } from './components/comparison-section';
import { FaqSection } from './components/faq-section';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { HydrateWhenVisible } from './components/hydrate-when-visible';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { PartnersSection } from './components/partners-section';
import { sectionIds } from './components/section-ids';
import { StatsStrip } from './components/stats-strip';
import { TestimonialsSection } from './components/testimonials-section';

/**
 * The public landing page at "/".
 * It arrives prerendered: the header and the hero hydrate at once, each band below when
 * it comes near the screen.
 */
export function LandingPage() {
  return (
    <div className={classes.root}>
      <LandingHeader />
      <main>
        <HeroSection />
        <HydrateWhenVisible id={sectionIds.stats}>
          <StatsStrip />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.features}>
          <FeaturesSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.howItWorks}>
          <HowItWorksSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.integrations}>
          <PartnersSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.testimonials}>
          <TestimonialsSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.comparison}>
          <ComparisonSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.faq}>
          <FaqSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible id={sectionIds.getStarted}>
          <ClosingCta />
        </HydrateWhenVisible>
      </main>
      <HydrateWhenVisible id={sectionIds.footer}>
        <LandingFooter />
      </HydrateWhenVisible>
    </div>
  );
}
