/** Pricing (`/pricing`, mode 'public') and renewal (`/renew-subscription`, mode 'renew'). Placeholder. */
export default function PricingPage(_props: { mode: 'public' | 'renew' }) {
  return <main />;
}
