import { endpoint } from './endpoint';
import { ORG_QUERY, SETTINGS_EDITORS } from './access';
import { OrgQuery, SuccessResult } from '../domain/common';
import { Department, DepartmentRegionQuery, LocationList, LocationListQuery, Region, RegionName, RegionQuery, UpdateRegion } from '../domain/location';

const L = '/api/location';

/** SPEC §7 "Locations". */
export const locationEndpoints = {
  locationList: endpoint({
    service: 'virtualAgent',
    method: 'GET',
    path: `${L}/locationList/`,
    query: LocationListQuery,
    response: LocationList,
    access: 'any',
    ipc: ['settings', 'analytics'],
    org: ORG_QUERY,
    note: 'Path kept with its trailing slash as SPEC writes it. Shape not shown: flat regionals, departments (idRegional null when unassigned) and cities (only with requireCities=true, otherwise []).'
  }),
  createRegional: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${L}/createRegional`,
    query: OrgQuery,
    body: RegionName,
    response: Region,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body { name }. Answers the created region. 409 when the organisation already has a region with that name (compared as unique-name.ts compares names).'
  }),
  updateRegional: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${L}/updateRegional`,
    query: OrgQuery,
    body: UpdateRegion,
    response: Region,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Body not shown in SPEC: { id, name }. Answers the updated region. 404 for a region of another organisation, 409 when another region of the organisation has that name.'
  }),
  deleteRegional: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: `${L}/deleteRegional`,
    query: RegionQuery,
    response: SuccessResult,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Query id (and idOrg). A region that still holds departments is not deleted: 409 naming how many, nothing removed (move them to another region first).'
  }),
  updateDepartment: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${L}/updateDepartment`,
    query: DepartmentRegionQuery,
    response: Department,
    access: SETTINGS_EDITORS,
    ipc: ['settings'],
    org: ORG_QUERY,
    note: 'Query id (department), idOrg and idRegional: moves the department to that region of the organisation (a department has one region per organisation). Answers the department. 404 for an unknown department or a region of another organisation, nothing changed.'
  })
} as const;
