import { Col, Flex, Row, Select, Typography } from "antd";
import { useState } from "react";
import { CLINIC_TIME_ZONE } from "../../../../shared/clinic-date";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import type { Outputs } from "../../outputs";
import { BK } from "../../text-booking";
import { OverridesCard, type Owner, WeeklyCard } from "./HoursCards";
import { CliniciansCard, ResourcesCard } from "./SetupCards";

/**
 * The Availability screen (issue 38; availability.edit; docs/decisions/0079-availability-screen.md):
 * whose availability (the clinic, a bookable clinician, a room or device), its weekly hours and its
 * date overrides, then who is bookable and the rooms and devices. Every change goes through the
 * booking router's setup procedures, which check every value again.
 */
type Clinician = Outputs["booking"]["clinicians"][number];
type Resource = Outputs["booking"]["resources"][number];
const T = BK.availability;

export default function AvailabilityScreen() {
  const clinicians = trpc.booking.clinicians.useQuery();
  const resources = trpc.booking.resources.useQuery();
  return (
    <>
      <PageHeader subtitle={T.subtitle} />
      <QueryState query={clinicians} failed={T.loadFailed}>
        {(clinicianRows) => (
          <QueryState query={resources} failed={T.loadFailed}>
            {(resourceRows) => <Availability clinicians={clinicianRows} resources={resourceRows} />}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}

const keyOf = (owner: Pick<Owner, "ownerKind" | "ownerId">) => `${owner.ownerKind}:${owner.ownerId}`;

function Availability({ clinicians, resources }: { clinicians: Clinician[]; resources: Resource[] }) {
  const owners: Owner[] = [
    { ownerKind: "clinic", ownerId: 0, name: T.clinic },
    ...clinicians.filter((c) => c.isActive).map((c) => ({ ownerKind: "clinician" as const, ownerId: c.teamMemberId, name: c.name })),
    ...resources.map((r) => ({ ownerKind: "resource" as const, ownerId: r.id, name: r.name })),
  ];
  const [chosen, setChosen] = useState(keyOf(owners[0]!));
  // A removed resource or a clinician no longer bookable: back to the clinic.
  const owner = owners.find((o) => keyOf(o) === chosen) ?? owners[0]!;
  const availability = trpc.booking.availability.useQuery({ ownerKind: owner.ownerKind, ownerId: owner.ownerId });
  const group = (kind: Owner["ownerKind"]) => owners.filter((o) => o.ownerKind === kind).map((o) => ({ value: keyOf(o), label: o.name }));
  const options = [
    { value: keyOf(owners[0]!), label: T.clinic },
    ...(group("clinician").length ? [{ label: BK.calendar.clinicians, options: group("clinician") }] : []),
    ...(group("resource").length ? [{ label: BK.calendar.resources, options: group("resource") }] : []),
  ];
  return (
    <>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Select aria-label={T.whose} value={keyOf(owner)} onChange={setChosen} options={options} style={{ minWidth: 260 }} />
        <Typography.Text type="secondary">{T.timeZone(CLINIC_TIME_ZONE)}</Typography.Text>
      </Flex>
      {owners.length === 1 ? <Typography.Paragraph type="secondary">{T.nothingYet}</Typography.Paragraph> : null}
      <QueryState query={availability} failed={T.loadFailed}>
        {(data) => (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <WeeklyCard key={keyOf(owner)} owner={owner} availability={data} />
            </Col>
            <Col xs={24} xl={12}>
              <OverridesCard key={keyOf(owner)} owner={owner} availability={data} />
            </Col>
          </Row>
        )}
      </QueryState>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <CliniciansCard clinicians={clinicians} />
        </Col>
        <Col xs={24} xl={12}>
          <ResourcesCard resources={resources} />
        </Col>
      </Row>
    </>
  );
}
