footer = تم الحجز عبر slotbook
not-found-title = الصفحة غير موجودة
not-found-body = لا يوجد شيء على هذا العنوان. ربما يكون الرابط قديمًا، أو ربما أُزيلت الصفحة.
error-title = حدث خطأ ما
link-gone-title = انتهت صلاحية هذا الرابط
not-saved = تعذّر حفظ الحجز. يُرجى المحاولة مرة أخرى.
not-loaded = تعذّر تحميل الصفحة. يُرجى المحاولة مرة أخرى.

language = اللغة
change-language = تغيير اللغة

landing-empty = لا يوجد ما يمكن حجزه هنا في الوقت الحالي.
events-heading = اختر موعدًا

host = المضيف
duration = المدة
location = المكان
previous-month = الشهر السابق
next-month = الشهر التالي
today = اليوم
chosen = محدد
clock-change = يتغير التوقيت في هذا اليوم
clock-change-legend = يتغير التوقيت في الأيام المميزة (التوقيت الصيفي).
time-zone = المنطقة الزمنية
show-times = عرض الأوقات
zone-locked = تُعرض الأوقات بالمنطقة الزمنية للمضيف
clock = نظام الساعة
clock-12 = 12 ساعة
clock-24 = 24 ساعة
duration-choice = المدة
no-times-day = لا توجد أوقات متاحة في هذا اليوم. يُرجى اختيار يوم آخر.
no-times-month = لا توجد أوقات متاحة في هذا الشهر.
times-heading = الأوقات المتاحة
seats-left = { $count ->
    [zero] لم يتبقَّ أي مكان
    [one] بقي مكان واحد
    [two] بقي مكانان
    [few] بقيت { $count } أماكن
    [many] بقي { $count } مكانًا
   *[other] بقي { $count } مكان
}
times-announcement = { $count ->
    [0] { $month }، { $day }: لا توجد أوقات
    [one] { $month }، { $day }: وقت واحد
    [two] { $month }، { $day }: وقتان
    [few] { $month }، { $day }: { $count } أوقات
    [many] { $month }، { $day }: { $count } وقتًا
   *[other] { $month }، { $day }: { $count } وقت
}

form-heading = بياناتك
change-time = تغيير الوقت
required = مطلوب
errors-heading = يُرجى مراجعة النموذج
website = الموقع الإلكتروني
held-until = محجوز لك حتى { $time }
confirm-booking = تأكيد الحجز
confirm-new-time = تأكيد الوقت الجديد
time-gone = هذا الوقت لم يعد متاحًا. يُرجى اختيار وقت آخر.
duration-not-offered = هذه المدة غير متاحة؛ تُعرض المدة الافتراضية.
not-a-date = «{ $text }» ليس تاريخًا؛ يُعرض أول يوم فيه أوقات متاحة.
not-a-month = «{ $text }» ليس شهرًا؛ يُعرض أول شهر فيه أوقات متاحة.
not-a-zone = «{ $text }» ليست منطقة زمنية؛ تُعرض الأوقات بتوقيت { $zone }.
clocks-change = يتغير التوقيت في هذا اليوم في { $zone }: من { $before } إلى { $after }.
out-of-office = { $host } خارج المكتب من { $start } إلى { $end }
book-with = احجز مع { $teammate }

date-span = { $date }، { $start } – { $end }

hours = { $count ->
    [one] ساعة واحدة
    [two] ساعتان
    [few] { $count } ساعات
    [many] { $count } ساعة
   *[other] { $count } ساعة
}
minutes = { $count ->
    [one] دقيقة واحدة
    [two] دقيقتان
    [few] { $count } دقائق
    [many] { $count } دقيقة
   *[other] { $count } دقيقة
}
listed = { $first }، { $rest }
hours-minutes = { $hours } و{ $minutes }

in-person = حضوريًا
in-person-guest = حضوريًا، في عنوانك
phone-call = مكالمة هاتفية
phone-guest = مكالمة هاتفية: سيتصل بك المضيف
custom-location = مكان آخر
online-meeting = اجتماع عبر الإنترنت
phone-call-to-host = مكالمة هاتفية: { $number }
phone-call-to-attendee = مكالمة هاتفية إلى { $number }
payment = الدفع
alternatives = { $first } أو { $rest }
field-name = اسمك
field-email = بريدك الإلكتروني
field-message = ما موضوع هذا الاجتماع؟
field-cancellation-reason = سبب الإلغاء
field-cancellation-placeholder = لماذا تلغي الحجز؟
field-rescheduling-reason = سبب تغيير الموعد
field-rescheduling-placeholder = أخبرنا لماذا تحتاج إلى تغيير الموعد
field-guests = ضيوف إضافيون
field-phone = رقم هاتفك
field-payment = طريقة الدفع
field-address = عنوانك
guests-help = عنوان بريد إلكتروني واحد في كل سطر
guests-help-group = ضيف واحد في كل سطر، هكذا: الاسم <email@example.org>
reason-word = سبب
reason-label = السبب: { $label }

occurrences = عدد المواعيد
series-dates = { $count ->
    [one] موعد واحد
    [two] موعدان
    [few] { $count } مواعيد
    [many] { $count } موعدًا
   *[other] { $count } موعد
}
repeats-every = { $unit ->
    [week] { $interval ->
        [one] يتكرر كل أسبوع
        [two] يتكرر كل أسبوعين
        [few] يتكرر كل { $interval } أسابيع
        [many] يتكرر كل { $interval } أسبوعًا
       *[other] يتكرر كل { $interval } أسبوع
    }
    [month] { $interval ->
        [one] يتكرر كل شهر
        [two] يتكرر كل شهرين
        [few] يتكرر كل { $interval } أشهر
        [many] يتكرر كل { $interval } شهرًا
       *[other] يتكرر كل { $interval } شهر
    }
   *[day] { $interval ->
        [one] يتكرر كل يوم
        [two] يتكرر كل يومين
        [few] يتكرر كل { $interval } أيام
        [many] يتكرر كل { $interval } يومًا
       *[other] يتكرر كل { $interval } يوم
    }
}

add-google = إضافة إلى تقويم Google
add-outlook = إضافة إلى Outlook
download-ics = تنزيل ملف ‎.ics
join-video = الانضمام إلى مكالمة الفيديو
series-heading = مواعيد هذه السلسلة
scope-this = هذا الموعد فقط
scope-following = هذا الموعد وكل المواعيد اللاحقة
series-cancelled = ملغى
reschedule = تغيير الموعد
cancel = إلغاء
book-again = حجز وقت آخر
when = الموعد
event = الاجتماع
attendee = الحاضر
status-scheduled = تم تأكيد الحجز
status-pending = تم إرسال طلب الحجز
status-cancelled = تم إلغاء الحجز
status-rejected = تم رفض الحجز
status-completed = اكتمل الحجز
status-no-show = سُجّل الحجز على أنه لم يُحضَر
status-other = الحجز

cancel-heading = إلغاء هذا الحجز
reason = السبب
cancel-button = إلغاء الحجز
keep-booking = الإبقاء على الحجز
reschedule-heading = اختر وقتًا جديدًا
current-time = المحجوز حاليًا
erase-data = حذف بياناتي
erase-explained = سيُحذف من هذا الحجز اسمك وعنوان بريدك الإلكتروني ورقم هاتفك وملاحظاتك وإجاباتك وضيوفك. أما الحجز الذي لم يحن موعده بعد فيُلغى أولًا، ويُبلَّغ مضيفه بذلك.
erase-confirm = أدرك أنه لا يمكن التراجع عن ذلك
data-erased = تم حذف بياناتك
data-erased-explained = لم يعد يُحفظ أي شيء مما أدخلته مع هذا الحجز، ولم تعد روابطه تعمل.
back-to-booking = العودة إلى حجزك

waitlist-heading = لا توجد أماكن؟ انتظر مكانًا
join-waitlist = الانضمام إلى قائمة الانتظار
name = الاسم
email = البريد الإلكتروني
waitlist-note = إذا أصبح أحد هذه الأوقات متاحًا، يتلقى الأول في القائمة رسالة بريد إلكتروني ويُحجز المكان له.
offer-heading = يوجد مكان متاح
book-this-time = احجز هذا الوقت
offer-expired = انتهت صلاحية هذا العرض
offer-used = تم استخدام هذا العرض بالفعل.
offer-gone = لم يعد هذا المكان محجوزًا لك.
leave-waitlist = مغادرة قائمة الانتظار
joined-heading = انضممت إلى قائمة الانتظار
left-heading = غادرت قائمة الانتظار
waitlist-place-heading = مكانك في قائمة الانتظار
offered-line = يوجد مكان محجوز لك: تحتوي الرسالة التي أرسلناها إليك على رابط حجزه.
booked-line = حجزت هذا الوقت من قائمة الانتظار.
expired-line = لم يُحجز المكان الذي عُرض عليك في الوقت المحدد.
removed-line = أزال المضيف هذا الإدخال من قائمة الانتظار.
waitlist-position = ترتيبك { $position } في القائمة.

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = تأكيد الحجز: { $host_name } و{ $guest_full_name }
email-booking-conf-attendee-body = <p>مرحبًا { $guest_first_name }،</p><p>تم تأكيد موعدك «{ $event_name }» مع { $host_name }.</p><p><strong>الموعد:</strong> { $when_guest }<br><strong>المكان:</strong> { $where }</p><p><a href="{ $reschedule_url }">تغيير الموعد</a> أو <a href="{ $cancel_url }">الإلغاء</a></p>
sms-booking-conf-attendee = تم التأكيد: { $event_name } مع { $host_name }، { $start_guest }. للتغيير أو الإلغاء: { $manage_url }
email-booking-conf-host-subject = حجز جديد: { $guest_full_name }، { $start_host }
email-booking-conf-host-body = <p>حجز { $guest_full_name } ({ $guest_email }) موعد «{ $event_name }» معك.</p><p><strong>الموعد:</strong> { $when_host }</p><p>ملاحظة: { $guest_note }</p><p><a href="{ $admin_url }">فتح الحجز</a></p>
sms-booking-conf-host = حجز جديد: { $guest_full_name }، { $event_name }، { $start_host }
email-reminder-to-attendee-subject = تذكير بموعدك مع { $host_name }، { $start_guest }
email-reminder-to-attendee-body = <p>مرحبًا { $guest_first_name }،</p><p>نذكّرك بأن موعدك «{ $event_name }» مع { $host_name } يبدأ { $when_guest }.</p><p><strong>المكان:</strong> { $where }</p><p><a href="{ $reschedule_url }">تغيير الموعد</a> أو <a href="{ $cancel_url }">الإلغاء</a></p>
sms-reminder-to-attendee = تذكير: { $event_name } مع { $host_name }، { $start_guest }
email-reminder-to-host-subject = تذكير بالموعد مع { $guest_full_name }، { $start_host }
email-reminder-to-host-body = <p>تذكير: «{ $event_name }» مع { $guest_full_name } يبدأ { $when_host }.</p><p><a href="{ $admin_url }">فتح الحجز</a></p>
sms-reminder-to-host = تذكير: { $event_name } مع { $guest_full_name }، { $start_host }
email-cancelled-by-attendee-subject = أُلغي حجز مع { $guest_full_name }
email-cancelled-by-attendee-body = <p>ألغى { $guest_full_name } موعد «{ $event_name }» المحدد في { $when_host }.</p><p>السبب: { $cancel_reason }</p>
sms-cancelled-by-attendee = ألغى { $guest_full_name } موعد { $event_name } في { $start_host }
email-cancelled-by-host-subject = أُلغي حجزك مع { $host_name }
email-cancelled-by-host-body = <p>مرحبًا { $guest_first_name }،</p><p>ألغى { $host_name } موعدك «{ $event_name }» المحدد في { $when_guest }.</p><p>السبب: { $cancel_reason }</p>
sms-cancelled-by-host = ألغى { $host_name } موعدك { $event_name } في { $start_guest }
email-rescheduled-by-attendee-subject = تغيّر موعد حجز مع { $guest_full_name }
email-rescheduled-by-attendee-body = <p>نقل { $guest_full_name } موعد «{ $event_name }» إلى { $when_host } (كان { $previous_host }).</p><p>السبب: { $reschedule_reason }</p>
sms-rescheduled-by-attendee = نقل { $guest_full_name } موعد { $event_name } إلى { $start_host }
email-rescheduled-by-host-subject = تغيّر موعد حجزك مع { $host_name }
email-rescheduled-by-host-body = <p>مرحبًا { $guest_first_name }،</p><p>نقل { $host_name } موعدك «{ $event_name }» إلى { $when_guest } (كان { $previous_guest }).</p><p><a href="{ $reschedule_url }">تغيير الموعد</a> أو <a href="{ $cancel_url }">الإلغاء</a></p>
sms-rescheduled-by-host = نقل { $host_name } موعدك { $event_name } إلى { $start_guest }
email-booking-request-host-subject = بانتظار الموافقة: { $guest_full_name }، { $start_host }
email-booking-request-host-body = <p>يطلب { $guest_full_name } ({ $guest_email }) حجز «{ $event_name }» في { $when_host }.</p><p><a href="{ $confirm_url }">تأكيد</a> أو <a href="{ $reject_url }">رفض</a></p>
sms-booking-request-host = يطلب { $guest_full_name } حجز { $event_name } في { $start_host }
email-booking-request-attendee-subject = أُرسل طلب الحجز: موعد بين { $host_name } و{ $guest_full_name }
email-booking-request-attendee-body = <p>مرحبًا { $guest_first_name }،</p><p>طلبك لموعد «{ $event_name }» مع { $host_name } في { $when_guest } بانتظار تأكيد المضيف. ستصلك رسالة بريد إلكتروني في كل الأحوال.</p><p><a href="{ $cancel_url }">سحب الطلب</a></p>
sms-booking-request-attendee = أُرسل الطلب: { $event_name } مع { $host_name }، { $start_guest }. سيصلك الرد.
email-declined-by-host-subject = رُفض الحجز: رفض { $host_name } طلبك
email-declined-by-host-body = <p>مرحبًا { $guest_first_name }،</p><p>رفض { $host_name } طلبك لموعد «{ $event_name }» في { $when_guest }.</p><p>السبب: { $reject_reason }</p>
sms-declined-by-host = رفض { $host_name } طلبك لموعد { $event_name } في { $start_guest }
ics-summary = { $event } مع { $host }
ics-summary-group = { $event } ({ $count ->
    [one] حاضر واحد
    [two] حاضران
    [few] { $count } حاضرين
    [many] { $count } حاضرًا
   *[other] { $count } حاضر
})

# رسائل قائمة الانتظار ورابط حجز قائم (DESIGN 2.12).
waitlist-joined-subject = أنت على قائمة الانتظار لـ { $event }
waitlist-joined-lead = أنت على قائمة الانتظار لـ { $event }: { $when }.
waitlist-joined-next = إذا أصبح مكان متاحًا، فسنرسل إليك بالبريد الإلكتروني رابطًا لحجزه.
waitlist-joined-leave = لمغادرة قائمة الانتظار:
waitlist-offer-subject = أصبح مكان متاحًا: { $event }
waitlist-offer-lead = أصبح مكان متاحًا في { $event }: { $when }.
waitlist-offer-held = هذا المكان محجوز لك حتى { $until }. احجزه من هنا:
booking-link-subject = حجزك في { $event }
booking-link-lead = لديك حجز بالفعل في { $event }: { $when }.
booking-link-follow = يمكنك عرضه أو تغيير موعده أو إلغاؤه من هنا:

rule-required = يُرجى ملء هذا الحقل.
rule-email = يُرجى إدخال عنوان بريد إلكتروني صالح.
rule-blocked = لا يمكن استخدام عنوان البريد الإلكتروني هذا للحجز.
rule-too-long = هذا النص طويل جدًا.
rule-choice = يُرجى اختيار أحد الخيارات المتاحة.
rule-number = يُرجى إدخال رقم.
rule-range = هذه القيمة خارج النطاق المسموح به.
rule-date = يُرجى إدخال تاريخ أو وقت صالح.
rule-url = يُرجى إدخال عنوان ويب يبدأ بـ https://.
rule-slug = استخدم الأحرف اللاتينية الصغيرة والأرقام والشرطات فقط.
rule-incorrect = هذه القيمة غير صحيحة.
rule-accepted = يُرجى التأكيد.
rule-invalid = هذه القيمة غير صالحة.
refused-slot-taken = هذا الموعد لم يعد متاحًا. ربما حجزه شخص آخر قبل لحظات.
refused-series = بعض مواعيد هذه السلسلة غير متاحة: { $dates }
refused-spam = تعذّر قبول حجزك.
refused-too-many = عدد كبير جدًا من الحجوزات من عنوانك. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.
refused-too-many-holds = هناك مواعيد كثيرة جدًا محجوزة مؤقتًا من هذا العنوان. يُرجى الانتظار حتى ينتهي أحدها ثم المحاولة مرة أخرى.
refused-link-gone = لم يعد هذا الرابط الخاص صالحًا.
refused-already-waitlisted = أنت مسجَّل بالفعل في قائمة الانتظار لهذا الموعد.
refused-no-waitlist = لا توجد قائمة انتظار لهذا الموعد.
refused-slot-free = هذا الموعد متاح. احجزه مباشرةً.
refused-attendee-limit = لديك حجز لهذا الموعد بالفعل. أرسلنا رابطه إلى بريدك الإلكتروني.
refused-not-accepting = عذرًا، لا يقبل المضيف حجوزات جديدة في الوقت الحالي.
refused-cannot-cancel = عذرًا، لم يعد بالإمكان إلغاء هذا الحجز.
refused-cannot-reschedule = عذرًا، لم يعد بالإمكان تغيير موعد هذا الحجز.
refused-changed = لم يعد بالإمكان تعديل هذا الحجز.
refused-other = لم تنجح العملية. يُرجى المحاولة مرة أخرى.
