import classes from './components/landing.module.css';
import { ClosingCta } from './components/closing-cta';
import { ComparisonSection } from './components/comparison-section';
import { FaqSection } from './components/faq-section';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { PartnersSection } from './components/partners-section';
import { StatsStrip } from './components/stats-strip';
import { TestimonialsSection } from './components/testimonials-section';

/** The public landing page at "/" (the spec's "What the product does", "Landing page"). */
export function LandingPage() {
  return (
    <div className={classes.root}>
      <LandingHeader />
      <main>
        <HeroSection />
        <StatsStrip />
        <FeaturesSection />
        <HowItWorksSection />
        <PartnersSection />
        <TestimonialsSection />
        <ComparisonSection />
        <FaqSection />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
