footer = slotbook で予約
not-found-title = ページが見つかりません
not-found-body = このアドレスには何もありません。リンクが古いか、ページが削除された可能性があります。
error-title = 問題が発生しました
link-gone-title = このリンクは無効になりました
not-saved = 予約を保存できませんでした。もう一度お試しください。
not-loaded = ページを読み込めませんでした。もう一度お試しください。

language = 言語
change-language = 言語を変更

landing-empty = 現在、予約できるものはありません。
events-heading = ミーティングを選択

host = 主催者
duration = 所要時間
location = 場所
previous-month = 前の月
next-month = 次の月
today = 今日
chosen = 選択中
clock-change = この日は時刻が切り替わります
clock-change-legend = 印の付いた日は時刻が切り替わります（夏時間）。
time-zone = タイムゾーン
show-times = 時間を表示
zone-locked = 時間は主催者のタイムゾーンで表示されます
clock = 時刻表示
clock-12 = 12時間制
clock-24 = 24時間制
duration-choice = 所要時間
no-times-day = この日に空いている時間はありません。別の日を選択してください。
no-times-month = この月に空いている時間はありません。
times-heading = 空いている時間
seats-left = 残り { $count } 席
times-announcement = { $count ->
    [0] { $month }、{ $day }：空き時間なし
   *[other] { $month }、{ $day }：{ $count } 件の空き時間
}

form-heading = お客様情報
change-time = 時間を変更
required = 必須
errors-heading = フォームの内容をご確認ください
website = ウェブサイト
held-until = { $time } までお取り置きしています
confirm-booking = 予約を確定
confirm-new-time = 新しい時間を確定
time-gone = その時間は予約できなくなりました。別の時間を選択してください。
duration-not-offered = その所要時間は選択できません。標準の所要時間を表示しています。
not-a-date = 「{ $text }」は日付ではありません。空き時間のある最初の日を表示しています。
not-a-month = 「{ $text }」は月ではありません。空き時間のある最初の月を表示しています。
not-a-zone = 「{ $text }」はタイムゾーンではありません。時間は { $zone } で表示しています。
clocks-change = この日は { $zone } で時刻が切り替わります：{ $before } から { $after } へ。
out-of-office = { $host } は { $start } から { $end } まで不在です
book-with = { $teammate } で予約

date-span = { $date } { $start }～{ $end }

hours = { $count } 時間
minutes = { $count } 分
listed = { $first }、{ $rest }
hours-minutes = { $hours }{ $minutes }

in-person = 対面
in-person-guest = 対面（お客様のご住所）
phone-call = 電話
phone-guest = 電話：主催者からお電話します
custom-location = その他の場所
online-meeting = オンライン会議
phone-call-to-host = 電話：{ $number }
phone-call-to-attendee = { $number } への電話
payment = お支払い
alternatives = { $first }または{ $rest }
field-name = お名前
field-email = メールアドレス
field-message = ミーティングの内容をお書きください
field-cancellation-reason = キャンセルの理由
field-cancellation-placeholder = キャンセルの理由をお聞かせください
field-rescheduling-reason = 日時変更の理由
field-rescheduling-placeholder = 日時を変更する理由をお知らせください
field-guests = 追加のゲスト
field-phone = 電話番号
field-payment = お支払い方法
field-address = ご住所
guests-help = 1 行に 1 つのメールアドレス
guests-help-group = 1 行に 1 人のゲスト（形式：名前 <email@example.org>）
reason-word = 理由
reason-label = 理由：{ $label }

occurrences = 回数
series-dates = { $count } 回
repeats-every = { $unit ->
    [week] { $interval ->
        [one] 毎週繰り返し
       *[other] { $interval } 週間ごとに繰り返し
    }
    [month] { $interval ->
        [one] 毎月繰り返し
       *[other] { $interval } か月ごとに繰り返し
    }
   *[day] { $interval ->
        [one] 毎日繰り返し
       *[other] { $interval } 日ごとに繰り返し
    }
}

add-google = Google カレンダーに追加
add-outlook = Outlook に追加
download-ics = .ics をダウンロード
join-video = ビデオ通話に参加
series-heading = このシリーズの日程
scope-this = この日程のみ
scope-following = この日程と以降のすべての日程
series-cancelled = キャンセル済み
reschedule = 日時を変更
cancel = キャンセル
book-again = 別の時間を予約
when = 日時
event = ミーティング
attendee = 参加者
status-scheduled = 予約が確定しました
status-pending = 予約リクエストを送信しました
status-cancelled = 予約はキャンセルされました
status-rejected = 予約はお断りされました
status-completed = 予約は完了しました
status-no-show = 予約は不参加として記録されました
status-other = 予約

cancel-heading = この予約をキャンセル
reason = 理由
cancel-button = 予約をキャンセル
keep-booking = 予約を維持
reschedule-heading = 新しい時間を選択
current-time = 現在の予約
erase-data = 自分のデータを消去
erase-explained = この予約から、お名前、メールアドレス、電話番号、メモ、回答、ゲストが消去されます。まだ行われていない予約は先にキャンセルされ、主催者に通知されます。
erase-confirm = この操作は元に戻せないことを理解しました
data-erased = データを消去しました
data-erased-explained = ご入力いただいた内容はこの予約に一切残っておらず、予約のリンクも使えなくなりました。
back-to-booking = 予約に戻る

waitlist-heading = 満席ですか？空きを待つ
join-waitlist = キャンセル待ちに登録
name = 名前
email = メールアドレス
waitlist-note = これらの時間に空きが出ると、先頭の方にメールが届き、その枠がお取り置きされます。
offer-heading = 空きが出ました
book-this-time = この時間を予約
offer-expired = このご案内は期限切れです
offer-used = このご案内はすでに使用されています。
offer-gone = この枠のお取り置きは終了しました。
leave-waitlist = キャンセル待ちをやめる
joined-heading = キャンセル待ちに登録しました
left-heading = キャンセル待ちを取り消しました
waitlist-place-heading = キャンセル待ちの順番
offered-line = 枠をお取り置きしています。予約用のリンクはお送りしたメールに記載されています。
booked-line = キャンセル待ちからこの時間を予約しました。
expired-line = ご案内した枠は期限内に予約されませんでした。
removed-line = 主催者がこの登録をキャンセル待ちから削除しました。
waitlist-position = あなたは { $position } 番目です。

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = 予約確定のお知らせ：{ $host_name } と { $guest_full_name } 様
email-booking-conf-attendee-body = <p>{ $guest_first_name } 様</p><p>{ $host_name } との「{ $event_name }」のご予約が確定しました。</p><p><strong>日時：</strong>{ $when_guest }<br><strong>場所：</strong>{ $where }</p><p><a href="{ $reschedule_url }">日時を変更</a>・<a href="{ $cancel_url }">キャンセル</a></p>
sms-booking-conf-attendee = 予約確定：{ $event_name }（{ $host_name }）{ $start_guest }。変更・キャンセル：{ $manage_url }
email-booking-conf-host-subject = 新しい予約：{ $guest_full_name } 様、{ $start_host }
email-booking-conf-host-body = <p>{ $guest_full_name } 様（{ $guest_email }）が「{ $event_name }」を予約しました。</p><p><strong>日時：</strong>{ $when_host }</p><p>メモ：{ $guest_note }</p><p><a href="{ $admin_url }">予約を開く</a></p>
sms-booking-conf-host = 新しい予約：{ $guest_full_name } 様、{ $event_name }、{ $start_host }
email-reminder-to-attendee-subject = { $host_name } とのご予約のリマインダー：{ $start_guest }
email-reminder-to-attendee-body = <p>{ $guest_first_name } 様</p><p>{ $host_name } との「{ $event_name }」は { $when_guest } に始まります。</p><p><strong>場所：</strong>{ $where }</p><p><a href="{ $reschedule_url }">日時を変更</a>・<a href="{ $cancel_url }">キャンセル</a></p>
sms-reminder-to-attendee = リマインダー：{ $event_name }（{ $host_name }）{ $start_guest }
email-reminder-to-host-subject = { $guest_full_name } 様とのご予約のリマインダー：{ $start_host }
email-reminder-to-host-body = <p>リマインダー：{ $guest_full_name } 様との「{ $event_name }」は { $when_host } に始まります。</p><p><a href="{ $admin_url }">予約を開く</a></p>
sms-reminder-to-host = リマインダー：{ $event_name }（{ $guest_full_name } 様）{ $start_host }
email-cancelled-by-attendee-subject = { $guest_full_name } 様のご予約がキャンセルされました
email-cancelled-by-attendee-body = <p>{ $guest_full_name } 様が { $when_host } の「{ $event_name }」をキャンセルしました。</p><p>理由：{ $cancel_reason }</p>
sms-cancelled-by-attendee = { $guest_full_name } 様が { $start_host } の { $event_name } をキャンセルしました
email-cancelled-by-host-subject = { $host_name } とのご予約がキャンセルされました
email-cancelled-by-host-body = <p>{ $guest_first_name } 様</p><p>{ $host_name } が { $when_guest } の「{ $event_name }」をキャンセルしました。</p><p>理由：{ $cancel_reason }</p>
sms-cancelled-by-host = { $host_name } が { $start_guest } の { $event_name } をキャンセルしました
email-rescheduled-by-attendee-subject = { $guest_full_name } 様のご予約の日時が変更されました
email-rescheduled-by-attendee-body = <p>{ $guest_full_name } 様が「{ $event_name }」を { $when_host } に変更しました（変更前：{ $previous_host }）。</p><p>理由：{ $reschedule_reason }</p>
sms-rescheduled-by-attendee = { $guest_full_name } 様が { $event_name } を { $start_host } に変更しました
email-rescheduled-by-host-subject = { $host_name } とのご予約の日時が変更されました
email-rescheduled-by-host-body = <p>{ $guest_first_name } 様</p><p>{ $host_name } が「{ $event_name }」を { $when_guest } に変更しました（変更前：{ $previous_guest }）。</p><p><a href="{ $reschedule_url }">日時を変更</a>・<a href="{ $cancel_url }">キャンセル</a></p>
sms-rescheduled-by-host = { $host_name } が { $event_name } を { $start_guest } に変更しました
email-booking-request-host-subject = 承認待ち：{ $guest_full_name } 様、{ $start_host }
email-booking-request-host-body = <p>{ $guest_full_name } 様（{ $guest_email }）から { $when_host } の「{ $event_name }」の予約リクエストが届いています。</p><p><a href="{ $confirm_url }">承認する</a>・<a href="{ $reject_url }">お断りする</a></p>
sms-booking-request-host = { $guest_full_name } 様から { $start_host } の { $event_name } の予約リクエストが届いています
email-booking-request-attendee-subject = 予約リクエストを送信しました：{ $host_name } と { $guest_full_name } 様
email-booking-request-attendee-body = <p>{ $guest_first_name } 様</p><p>{ $host_name } との { $when_guest } の「{ $event_name }」のリクエストは、主催者の承認待ちです。結果はいずれの場合もメールでお知らせします。</p><p><a href="{ $cancel_url }">リクエストを取り下げる</a></p>
sms-booking-request-attendee = リクエスト送信済み：{ $event_name }（{ $host_name }）{ $start_guest }。結果をお知らせします。
email-declined-by-host-subject = 予約をお受けできませんでした：{ $host_name }
email-declined-by-host-body = <p>{ $guest_first_name } 様</p><p>{ $host_name } は { $when_guest } の「{ $event_name }」のリクエストをお断りしました。</p><p>理由：{ $reject_reason }</p>
sms-declined-by-host = { $host_name } は { $start_guest } の { $event_name } のリクエストをお断りしました
ics-summary = { $event }（{ $host }）
ics-summary-group = { $event }（参加者 { $count } 名）

# キャンセル待ちのメールと、予約済みの方へのリンク (DESIGN 2.12)。
waitlist-joined-subject = { $event } のキャンセル待ちに登録しました
waitlist-joined-lead = { $event }（{ $when }）のキャンセル待ちに登録しました。
waitlist-joined-next = 空きが出た場合は、予約用のリンクをメールでお送りします。
waitlist-joined-leave = キャンセル待ちをやめるには:
waitlist-offer-subject = 空きが出ました: { $event }
waitlist-offer-lead = { $event }（{ $when }）に空きが出ました。
waitlist-offer-held = { $until } までお取り置きしています。こちらから予約してください:
booking-link-subject = { $event } のご予約
booking-link-lead = { $event }（{ $when }）のご予約がすでにあります。
booking-link-follow = こちらから確認、日時の変更、キャンセルができます:

rule-required = この項目は必須です。
rule-email = 有効なメールアドレスを入力してください。
rule-blocked = このメールアドレスは予約に使用できません。
rule-too-long = 入力が長すぎます。
rule-choice = 表示されている選択肢から選んでください。
rule-number = 数値を入力してください。
rule-range = この値は許容範囲外です。
rule-date = 正しい日付または時刻を入力してください。
rule-url = https:// で始まるウェブアドレスを入力してください。
rule-slug = 半角英小文字、数字、ハイフンのみを使用してください。
rule-incorrect = 入力内容が正しくありません。
rule-accepted = 確認のチェックを入れてください。
rule-invalid = この値は無効です。
refused-slot-taken = この時間は予約できなくなりました。数秒前に他の方が予約した可能性があります。
refused-series = このシリーズの一部の日程は予約できません：{ $dates }
refused-spam = ご予約を受け付けられませんでした。
refused-too-many = お使いのアドレスからの予約が多すぎます。しばらく待ってからもう一度お試しください。
refused-too-many-holds = このアドレスから仮押さえされている時間が多すぎます。いずれかが終了するまでお待ちのうえ、もう一度お試しください。
refused-link-gone = この限定リンクは無効になりました。
refused-already-waitlisted = この時間のキャンセル待ちにすでに登録されています。
refused-no-waitlist = この時間にはキャンセル待ちがありません。
refused-slot-free = この時間は空いています。直接ご予約ください。
refused-attendee-limit = このイベントはすでにご予約済みです。予約のリンクをメールでお送りしました。
refused-not-accepting = 申し訳ありませんが、主催者は現在新しい予約を受け付けていません。
refused-cannot-cancel = 申し訳ありませんが、この予約はキャンセルできません。
refused-cannot-reschedule = 申し訳ありませんが、この予約は日時を変更できません。
refused-changed = この予約は変更できなくなりました。
refused-other = 処理できませんでした。もう一度お試しください。
