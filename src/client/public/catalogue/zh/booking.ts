import type { Words } from "../parts";

/**
 * Booking a time (issue 38), in zh: the Book page's words and the answers of a booking. The server
 * answers a booking in the visitor's language from these (src/server/services/bookings.ts).
 */
export const WORDS = {
  B: {
    /** 409: another visitor's booking took the time between the page and the submission. */
    taken: "该时间刚刚被预约。请选择其他时间。",
    /** 400: the time is not one of the free times (past, outside the hours, the notice or the window). */
    notFree: "该时间已不可预约。请选择其他时间。",
    /** The Book page and the visitor's cancel page (docs/public-site.md#booking-a-time). */
    bookTime: "预约时间",
    title: "预约时间",
    choose: "选择时间",
    earlier: "前几天",
    later: "后几天",
    none: "这几天没有空闲时间。请查看后几天，或致电我们。",
    chosen: "您选择的时间",
    change: "选择其他时间",
    details: "您的信息",
    submit: "预约此时间",
    sending: "正在预约...",
    requested: "谢谢。我们已收到您对此时间的预约申请，将通过电子邮件确认。",
    confirmed: "谢谢。您的预约已完成，确认邮件即将发出。",
    cancelTitle: "取消预约",
    cancelAsk: "您要取消此日期的预约吗？",
    cancelButton: "取消预约",
    cancelDone: "您的预约已取消，该时间已释放。",
    cancelGone: "此链接已失效：预约已过、已更改或已取消。",
    lateCall: "距离预约时间太近，无法在线取消。请致电取消：{phone}",
    /** The visitor's reschedule page (docs/decisions/0081-reschedule-link.md). */
    rescheduleTitle: "更改预约时间",
    rescheduleNow: "您当前的预约：",
    rescheduleChoose: "选择新时间",
    rescheduleButton: "改到此时间",
    rescheduleNoChoice: "请选择一个时间。",
    rescheduleDone: "您的预约已改到此时间，确认邮件即将发出。",
    rescheduleDoneRequested: "您的预约已改到此时间，待我们确认：我们将通过电子邮件确认；在此之前，该时间为您保留。",
    rescheduleLate: "距离预约时间太近，无法在线更改。请致电更改：{phone}",
  },
} satisfies Words;
