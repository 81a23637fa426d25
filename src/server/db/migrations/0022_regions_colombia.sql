-- Removes any second region a department was given in one organisation (none can exist through the API), so the unique index below can be built.
DELETE FROM "department_regions" d USING "department_regions" o WHERE o."organization_id" = d."organization_id" AND o."id_department" = d."id_department" AND o.ctid < d.ctid;--> statement-breakpoint
-- Two regions of an organisation that share a name (compared as unique-name.ts says) keep the oldest as it is; the others get their id appended.
UPDATE "regions" p SET "name" = p."name" || ' (' || p."id" || ')' WHERE EXISTS (SELECT 1 FROM "regions" o WHERE o."organization_id" = p."organization_id" AND o."id" < p."id" AND lower(btrim(regexp_replace(translate(o."name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu'), '\s+', ' ', 'g'))) = lower(btrim(regexp_replace(translate(p."name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu'), '\s+', ' ', 'g'))));--> statement-breakpoint
DROP INDEX "department_regions_org_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "department_regions_org_department_unique" ON "department_regions" USING btree ("organization_id","id_department");--> statement-breakpoint
CREATE INDEX "department_regions_region_idx" ON "department_regions" USING btree ("id_regional");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_org_name_unique" ON "regions" USING btree ("organization_id",lower(btrim(regexp_replace(translate("name", 'ÁÉÍÓÚÜáéíóúü', 'AEIOUUaeiouu'), '\s+', ' ', 'g'))));--> statement-breakpoint
-- Colombia's departments and their capitals (DANE codes), as src/server/db/colombia.ts lists them: on a fresh platform and on one that already has some (those keep theirs).
INSERT INTO "departments" ("id", "name") VALUES
  (5, 'Antioquia'),
  (8, 'Atlántico'),
  (11, 'Bogotá D.C.'),
  (13, 'Bolívar'),
  (15, 'Boyacá'),
  (17, 'Caldas'),
  (18, 'Caquetá'),
  (19, 'Cauca'),
  (20, 'Cesar'),
  (23, 'Córdoba'),
  (25, 'Cundinamarca'),
  (27, 'Chocó'),
  (41, 'Huila'),
  (44, 'La Guajira'),
  (47, 'Magdalena'),
  (50, 'Meta'),
  (52, 'Nariño'),
  (54, 'Norte de Santander'),
  (63, 'Quindío'),
  (66, 'Risaralda'),
  (68, 'Santander'),
  (70, 'Sucre'),
  (73, 'Tolima'),
  (76, 'Valle del Cauca'),
  (81, 'Arauca'),
  (85, 'Casanare'),
  (86, 'Putumayo'),
  (88, 'Archipiélago de San Andrés, Providencia y Santa Catalina'),
  (91, 'Amazonas'),
  (94, 'Guainía'),
  (95, 'Guaviare'),
  (97, 'Vaupés'),
  (99, 'Vichada')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "cities" ("id", "name", "id_department") VALUES
  (5001, 'Medellín', 5),
  (8001, 'Barranquilla', 8),
  (11001, 'Bogotá D.C.', 11),
  (13001, 'Cartagena de Indias', 13),
  (15001, 'Tunja', 15),
  (17001, 'Manizales', 17),
  (18001, 'Florencia', 18),
  (19001, 'Popayán', 19),
  (20001, 'Valledupar', 20),
  (23001, 'Montería', 23),
  (27001, 'Quibdó', 27),
  (41001, 'Neiva', 41),
  (44001, 'Riohacha', 44),
  (47001, 'Santa Marta', 47),
  (50001, 'Villavicencio', 50),
  (52001, 'Pasto', 52),
  (54001, 'Cúcuta', 54),
  (63001, 'Armenia', 63),
  (66001, 'Pereira', 66),
  (68001, 'Bucaramanga', 68),
  (70001, 'Sincelejo', 70),
  (73001, 'Ibagué', 73),
  (76001, 'Cali', 76),
  (81001, 'Arauca', 81),
  (85001, 'Yopal', 85),
  (86001, 'Mocoa', 86),
  (88001, 'San Andrés', 88),
  (91001, 'Leticia', 91),
  (94001, 'Inírida', 94),
  (95001, 'San José del Guaviare', 95),
  (97001, 'Mitú', 97),
  (99001, 'Puerto Carreño', 99)
ON CONFLICT ("id") DO NOTHING;