import { App, Button, DatePicker, Form, Input, Modal } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { fromPicker, toPicker } from "../../dates";
import type { Outputs } from "../../outputs";
import { useSave } from "../../save";
import { BK } from "../../text-booking";

type Booking = Outputs["booking"]["calendar"][number];

/**
 * The acts a booking's status allows: a request is confirmed or declined (with an optional message to
 * the visitor); a request or a booked time is moved or cancelled; a booked time whose start has passed
 * is marked attended or no-show. The server checks each again (status, scope, permission).
 */
export function BookingActions({ booking }: { booking: Booking }) {
  const { saving, run } = useSave("booking");
  const { modal } = App.useApp();
  const [declining, setDeclining] = useState(false);
  const [moving, setMoving] = useState(false);
  const id = booking.id;
  const active = booking.status === "requested" || booking.status === "confirmed";
  const begun = new Date(booking.startsAt).getTime() <= Date.now();

  const act = (name: "confirm" | "cancel" | "attended" | "noShow", success: string) =>
    run({ write: (api) => api.booking[name].mutate({ id }), success, failure: BK.calendar.failed });

  return (
    <>
      {booking.status === "requested" ? (
        <>
          <Button size="small" type="primary" loading={saving} onClick={() => void act("confirm", BK.calendar.confirmed)}>
            {BK.calendar.confirm}
          </Button>
          <Button size="small" onClick={() => setDeclining(true)}>
            {BK.calendar.decline}
          </Button>
        </>
      ) : null}
      {active ? (
        <>
          <Button size="small" onClick={() => setMoving(true)}>
            {BK.calendar.move}
          </Button>
          <Button
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: BK.calendar.cancelQuestion,
                okText: BK.calendar.cancel,
                okButtonProps: { danger: true },
                cancelText: BK.calendar.keep,
                onOk: () => act("cancel", BK.calendar.cancelled),
              })
            }
          >
            {BK.calendar.cancel}
          </Button>
        </>
      ) : null}
      {booking.status === "confirmed" && begun ? (
        <>
          <Button size="small" onClick={() => void act("attended", BK.calendar.marked)}>
            {BK.calendar.attended}
          </Button>
          <Button size="small" onClick={() => void act("noShow", BK.calendar.marked)}>
            {BK.calendar.noShow}
          </Button>
        </>
      ) : null}
      <DeclineDialog
        open={declining}
        saving={saving}
        onClose={() => setDeclining(false)}
        onSubmit={async (message) => {
          const done = await run({
            write: (api) => api.booking.decline.mutate({ id, message: message || undefined }),
            success: BK.calendar.declined,
            failure: BK.calendar.failed,
          });
          if (done.ok) setDeclining(false);
        }}
      />
      <MoveDialog
        open={moving}
        saving={saving}
        start={booking.startsAt}
        onClose={() => setMoving(false)}
        onSubmit={async (start) => {
          const done = await run({
            write: (api) => api.booking.move.mutate({ id, start }),
            success: BK.calendar.moved,
            failure: BK.calendar.failed,
          });
          if (done.ok) setMoving(false);
        }}
      />
    </>
  );
}

function DeclineDialog(props: { open: boolean; saving: boolean; onClose: () => void; onSubmit: (message: string) => Promise<void> }) {
  const [form] = Form.useForm<{ message?: string }>();
  return (
    <Modal
      open={props.open}
      title={BK.calendar.declineTitle}
      okText={BK.calendar.decline}
      cancelText={BK.calendar.keep}
      confirmLoading={props.saving}
      onCancel={props.onClose}
      onOk={() => void props.onSubmit(form.getFieldValue("message") ?? "")}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="message" label={BK.calendar.declineMessage}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MoveDialog(props: {
  open: boolean;
  saving: boolean;
  start: Date | string;
  onClose: () => void;
  onSubmit: (start: Date) => Promise<void>;
}) {
  const [value, setValue] = useState<Dayjs | null>(() => toPicker(props.start));
  return (
    <Modal
      open={props.open}
      title={BK.calendar.moveTitle}
      okText={BK.calendar.move}
      cancelText={BK.calendar.keep}
      confirmLoading={props.saving}
      okButtonProps={{ disabled: !value }}
      onCancel={props.onClose}
      onOk={() => value && void props.onSubmit(fromPicker(value))}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={BK.calendar.moveStart}>
          <DatePicker showTime={{ format: "h:mm A", minuteStep: 5 }} format="MMM D, YYYY h:mm A" value={value} onChange={setValue} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
