import { App, Button, Card, Flex, Input, Typography } from "antd";
import { useState } from "react";
import type { Outputs } from "../../outputs";
import { useSave } from "../../save";
import { BK } from "../../text-booking";

type Clinician = Outputs["booking"]["calendarContext"]["clinicians"][number];

/**
 * A clinician's calendar feed (issue 38): the clinician's own account or an administrator creates its
 * secret address (shown once: the server keeps only its hash), makes a new one, or revokes it.
 */
export function FeedCard({ clinician }: { clinician: Clinician }) {
  const { saving, run } = useSave("booking");
  const { modal } = App.useApp();
  const [address, setAddress] = useState<string | null>(null);
  const teamMemberId = clinician.id;
  const create = async () => {
    const done = await run({
      write: (api) => api.booking.createFeed.mutate({ teamMemberId }),
      success: BK.feed.created,
      failure: BK.feed.failed,
    });
    if (done.ok && done.result.path) setAddress(new URL(done.result.path, window.location.origin).toString());
  };
  const revoke = () =>
    modal.confirm({
      title: BK.feed.revokeQuestion,
      okText: BK.feed.revoke,
      okButtonProps: { danger: true },
      onOk: async () => {
        const done = await run({
          write: (api) => api.booking.revokeFeed.mutate({ teamMemberId }),
          success: BK.feed.revoked,
          failure: BK.feed.failed,
        });
        if (done.ok) setAddress(null);
      },
    });
  return (
    <Card size="small" title={BK.feed.title} style={{ marginTop: 16 }}>
      <Typography.Paragraph>{BK.feed.text}</Typography.Paragraph>
      {address ? (
        <>
          <Input readOnly value={address} aria-label={BK.feed.title} onFocus={(e) => e.currentTarget.select()} />
          <Typography.Paragraph type="secondary">{BK.feed.copyHint}</Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph type="secondary">{clinician.hasFeed ? BK.feed.active : BK.feed.none}</Typography.Paragraph>
      )}
      <Flex gap={8} wrap>
        <Button loading={saving} onClick={() => void create()}>
          {clinician.hasFeed || address ? BK.feed.renew : BK.feed.create}
        </Button>
        {clinician.hasFeed || address ? (
          <Button danger onClick={revoke}>
            {BK.feed.revoke}
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}
