import { useFeaturedProfessionals } from '../api/get-featured-professionals';
import { CardGrid } from '../../../lib/professionals/components/card-grid';
import { ProfessionalCard } from '../../../lib/professionals/components/professional-card';

/** Three featured experts from the database: verified, available now, plan-featured first, best rated. */
export function FeaturedProfessionals() {
  const { data, isPending, isError } = useFeaturedProfessionals();
  if (isPending) return <p role="status">Loading featured professionals…</p>;
  if (isError) return <p role="alert">Featured professionals could not be loaded right now.</p>;
  if (data.length === 0) return <p>No featured professionals yet.</p>;
  return (
    <CardGrid as="ul">
      {data.map((professional) => (
        <li key={professional.id}>
          {/* featured profiles ask visitors to sign in first (see ProfessionalPage) */}
          <ProfessionalCard
            professional={professional}
            to={`/professional/${professional.id}?featured=1`}
          />
        </li>
      ))}
    </CardGrid>
  );
}
