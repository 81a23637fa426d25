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
    org: ORG_QUERY,
    note: 'Body { name }. Answers the created region. 409 when the organisation already has a region with that name.'
  }),
  updateRegional: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${L}/updateRegional`,
    query: OrgQuery,
    body: UpdateRegion,
    response: Region,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    note: 'Body not shown in SPEC: { id, name }. Answers the updated region.'
  }),
  deleteRegional: endpoint({
    service: 'virtualAgent',
    method: 'DELETE',
    path: `${L}/deleteRegional`,
    query: RegionQuery,
    response: SuccessResult,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    note: 'Query id (and idOrg). Its departments become unassigned (idRegional null).'
  }),
  updateDepartment: endpoint({
    service: 'virtualAgent',
    method: 'POST',
    path: `${L}/updateDepartment`,
    query: DepartmentRegionQuery,
    response: Department,
    access: SETTINGS_EDITORS,
    org: ORG_QUERY,
    note: 'Query id (department), idOrg and idRegional: assigns the department to that region. Answers the department.'
  })
} as const;
