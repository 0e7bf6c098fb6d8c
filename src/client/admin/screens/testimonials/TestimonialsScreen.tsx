import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function TestimonialsScreen() {
  return <PageHeader title="TestimonialsScreen" />;
}
