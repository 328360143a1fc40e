-- Payables paid by boleto and bank transfer (issue #15): tenants created before this version get the
-- default methods "Boleto" and "Transferência bancária" that new tenants have (financeiro/defaults.ts),
-- unless they already have a method of that kind or of that name.
INSERT INTO "formas_pagamento" ("tenant_id", "nome", "tipo", "taxa_percentual", "dias_recebimento", "max_parcelas")
SELECT t."id", v."nome", v."tipo", 0, v."dias", 1
FROM "tenants" t
CROSS JOIN (VALUES ('Boleto', 'boleto', 1), ('Transferência bancária', 'transferencia', 0)) AS v("nome", "tipo", "dias")
WHERE NOT EXISTS (
  SELECT 1 FROM "formas_pagamento" f
  WHERE f."tenant_id" = t."id" AND (f."tipo" = v."tipo" OR f_busca(f."nome") = f_busca(v."nome"))
);
