import { createFileRoute } from '@tanstack/react-router';
import { tenantQueryOptions, useTenant } from '#features/tenants/api/get-tenant.ts';
import { TenantCreateForm, TenantEditForm } from '#features/tenants/components/tenant-form.tsx';

export const Route = createFileRoute('/_app/manager/form/{-$tenantId}')({
  loader: async ({ context: { queryClient }, params: { tenantId } }) => {
    if (tenantId) await queryClient.ensureQueryData(tenantQueryOptions(tenantId));
  },
  component: TenantFormRoute,
});

function TenantFormRoute() {
  const { tenantId } = Route.useParams();
  return tenantId ? <EditTenant id={tenantId} /> : <TenantCreateForm />;
}

function EditTenant({ id }: { id: string }) {
  const { data } = useTenant(id);
  return <TenantEditForm key={data.id} tenant={data} />;
}
